import Testing
import Vocabulary

@Test("the codes a phone handles itself: *#06#, **04*OLD*NEW*NEW#, **05*PUK*NEW*NEW#")
func phoneCodes() {
  #expect(PhoneCode.parse("*#06#").code == .imei)
  #expect(PhoneCode.parse("**04*1234*5678*5678#").code == .changePIN(old: "1234", new: "5678"))
  #expect(
    PhoneCode.parse("**05*12345678*4321*4321#").code
      == .unblockPIN(puk: "12345678", new: "4321"))
}

@Test("a new PIN typed twice differently is a mismatch; other texts are no code")
func phoneCodeRefusals() {
  let differing = PhoneCode.parse("**04*1234*5678*5679#")
  #expect(differing.code == nil)
  #expect(differing.mismatch)
  for text in ["*123#", "**04*1234*5678#", "**04*12a4*5678*5678#", "**04*1234*5678*5678", "#06#"] {
    let parsed = PhoneCode.parse(text)
    #expect(parsed.code == nil, "\(text)")
    #expect(!parsed.mismatch, "\(text)")
  }
}

@Test("signal bars follow +CSQ: 0-1 none, 2-9 one, 10-14 two, 15-19 three, 20-31 four, 99 none")
func signalBars() {
  var status = NetworkStatus()
  #expect(status.bars == 0)
  for (rssi, bars) in [
    (0, 0), (1, 0), (2, 1), (9, 1), (10, 2), (14, 2), (15, 3), (19, 3), (20, 4), (31, 4),
  ] {
    status.signal = rssi
    #expect(status.bars == bars, "\(rssi)")
  }
}

@Test("+CREG <stat> and +CUSD <m> codes map to their states")
func statusCodes() {
  #expect(NetworkStatus.Registration(code: 1) == .home)
  #expect(NetworkStatus.Registration(code: 5) == .roaming)
  #expect(NetworkStatus.Registration(code: 2) == .searching)
  #expect(NetworkStatus.Registration(code: 3) == .denied)
  #expect(NetworkStatus.Registration(code: 0) == .none)
  #expect(NetworkStatus.Registration(code: 4) == .none)
  #expect(USSDStatus(code: 0) == .done)
  #expect(USSDStatus(code: 1) == .menu)
  #expect(USSDStatus(code: 2) == .ended)
  #expect(USSDStatus(code: 3) == .ended)
  #expect(USSDStatus(code: 4) == .notSupported)
  #expect(USSDStatus(code: 5) == .timedOut)
  for state in [CallState.idle, .dialing, .ringing, .active, .incoming] {
    #expect(CallState(name: state.name) == state)
  }
}
