import Diagnostics
import ModemDriver
import SimulatedPeers
import Testing
import Vocabulary

/// The call events of `events`, as words, for comparing.
private func calls(_ events: [ModemEvent]) -> [String] {
  events.compactMap {
    switch $0 {
    case .call(let state): "call \(state.name)"
    case .callEnded(let reason): "ended \(reason.name)"
    case .caller(let number): "caller \(number)"
    default: nil
    }
  }
}

@Test("an outgoing call: ATD, the other phone ringing, answered, hung up with ATH")
func outgoingCallAnswered() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let taken1 = bench.modem.request(.dial("5550199"))
  #expect(taken1)
  bench.run(seconds: 2)
  #expect(bench.network.dialled == ["5550199"])
  #expect(bench.network.commands.contains("ATD5550199;"))
  #expect(calls(bench.events) == ["call dialing", "call ringing"])
  bench.network.farEndAnswers()
  bench.run(seconds: 1.5)
  #expect(bench.modem.callState == .active)
  let taken2 = bench.modem.request(.tone(UInt8(ascii: "7")))
  #expect(taken2)
  let taken3 = bench.modem.request(.tone(UInt8(ascii: "#")))
  #expect(taken3)
  bench.run(seconds: 0.5)
  #expect(bench.network.tonesHeard == "7#")
  let taken4 = bench.modem.request(.hangUp)
  #expect(taken4)
  bench.run(seconds: 0.5)
  #expect(bench.network.commands.contains("ATH"))
  #expect(bench.network.call == nil)
  #expect(
    calls(bench.events) == ["call dialing", "call ringing", "call active", "ended hung-up"])
}

@Test("the far end busy, not answering, or hanging up ends the call with its reason")
func outgoingCallOutcomes() {
  for (act, reason) in [("busy", "busy"), ("no-answer", "no-answer"), ("hangup", "hung-up")] {
    var bench = ModemBench()
    bench.run(seconds: 1)
    let taken1 = bench.modem.request(.dial("+15550100"))
    #expect(taken1)
    bench.run(seconds: 1)
    switch act {
    case "busy": bench.network.farEndIsBusy()
    case "no-answer": bench.network.farEndDoesNotAnswer()
    default: bench.network.farEndHangsUp()
    }
    bench.run(seconds: 1)
    #expect(calls(bench.events).last == "ended \(reason)", "\(act)")
    #expect(bench.modem.callState == .idle)
    // Said once: later listings of no call add nothing.
    bench.run(seconds: 3)
    #expect(calls(bench.events).filter { $0.hasPrefix("ended") }.count == 1)
  }
}

@Test(
  "an incoming call: RING and +CLIP give the caller once however often they repeat; ATA answers")
func incomingCallAnswered() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.ring(from: "+6281234567890")
  bench.run(seconds: 7)
  #expect(calls(bench.events) == ["call incoming", "caller +6281234567890"])
  let taken1 = bench.modem.request(.answer)
  #expect(taken1)
  bench.run(seconds: 0.5)
  #expect(bench.network.commands.contains("ATA"))
  #expect(bench.network.call?.state == .active)
  #expect(calls(bench.events).last == "call active")
}

@Test("a caller who gives up, and a call rejected with ATH, both end the call")
func incomingCallEnds() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.ring(from: "0215550199")
  bench.run(seconds: 1)
  bench.network.farEndHangsUp()
  bench.run(seconds: 1)
  #expect(calls(bench.events) == ["call incoming", "caller 0215550199", "ended hung-up"])
  bench.events.removeAll()
  bench.network.ring(from: "0215550199")
  bench.run(seconds: 1)
  let taken1 = bench.modem.request(.hangUp)
  #expect(taken1)
  bench.run(seconds: 1)
  #expect(calls(bench.events) == ["call incoming", "caller 0215550199", "ended hung-up"])
  #expect(bench.network.call == nil)
}

@Test(
  "requests that do not fit the call are refused: a second dial, an answer or a tone with no call, a bad number"
)
func refusedRequests() {
  var bench = ModemBench()
  let taken1 = bench.modem.request(.dial("123"))  // not set up yet
  #expect(!taken1)
  bench.run(seconds: 1)
  let taken2 = bench.modem.request(.answer)
  #expect(!taken2)
  let taken3 = bench.modem.request(.hangUp)
  #expect(!taken3)
  let taken4 = bench.modem.request(.tone(UInt8(ascii: "1")))
  #expect(!taken4)
  let taken5 = bench.modem.request(.dial("12;ATH"))
  #expect(!taken5)
  let taken6 = bench.modem.request(.dial(""))
  #expect(!taken6)
  let taken7 = bench.modem.request(.dial("123"))
  #expect(taken7)
  let taken8 = bench.modem.request(.dial("456"))
  #expect(!taken8)
  let taken9 = bench.modem.request(.tone(UInt8(ascii: "A")))
  #expect(!taken9)
}

@Test("a call under way when the line goes away ends as failed")
func lineLostMidCall() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let taken1 = bench.modem.request(.dial("5550100"))
  #expect(taken1)
  bench.run(seconds: 1)
  bench.network.apply(.gone(until: bench.now + .seconds(5)))
  bench.run(seconds: 1)
  #expect(calls(bench.events).last == "ended failed")
  #expect(bench.modem.callState == .idle)
}

@Test("a modem that gives BUSY as ATD's final result (V.25ter style) ends the call as busy")
func busyAsFinalResult() {
  var line = ScriptedLine()
  line.answers["ATD5550100;"] = "\r\nBUSY\r\n"
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  let taken1 = modem.request(.dial("5550100"))
  #expect(taken1)
  let events = runForASecond(&modem, from: .zero + .seconds(1))
  #expect(calls(events) == ["call dialing", "ended busy"])
  #expect(modem.callState == .idle)
  #expect(modem.phase == .ready)
}

@Test("a modem that never says NO CARRIER: the call ends when the list of calls no longer names it")
func endedByTheListing() {
  var line = ScriptedLine()
  line.answers["AT+CLCC"] = "\r\n+CLCC: 1,0,0,0,0,\"5550100\",129\r\n\r\nOK\r\n"
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  let taken1 = modem.request(.dial("5550100"))
  #expect(taken1)
  var events = runForASecond(&modem, from: .zero + .seconds(1))
  events += runForASecond(&modem, from: .zero + .seconds(2))
  #expect(calls(events) == ["call dialing", "call active"])
  modem.system.answers["AT+CLCC"] = "\r\nOK\r\n"
  events = runForASecond(&modem, from: .zero + .seconds(3))
  events += runForASecond(&modem, from: .zero + .seconds(4))
  #expect(calls(events) == ["ended hung-up"])
}

@Test(
  "RING with no +CLIP is an unknown caller until the list of calls names one; a data call is not the phone's"
)
func ringWithoutCallerID() {
  var line = ScriptedLine()
  line.answers["AT+CLCC"] =
    "\r\n+CLCC: 2,1,4,1,0,\"999\",129\r\n+CLCC: 1,1,4,0,0,\"+15550100\",145\r\n\r\nOK\r\n"
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  modem.system.say("\r\nRING\r\n")
  var events = runForASecond(&modem, from: .zero + .seconds(1))
  events += runForASecond(&modem, from: .zero + .seconds(2))
  events += runForASecond(&modem, from: .zero + .seconds(3))
  #expect(calls(events) == ["call incoming", "caller +15550100"])
}

/// The USSD events of `events`, as words.
private func replies(_ events: [ModemEvent]) -> [String] {
  events.compactMap {
    guard case .ussd(let status, let text) = $0 else { return nil }
    return "\(status.name) \(text)"
  }
}

@Test(
  "USSD: AT+CUSD=1 with the code, the menu's reply, an answer in the session, and the last reply")
func ussdRounds() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  bench.network.addUSSD(request: "*141#", reply: "1 Saldo\n2 Pulsa", menu: true, ucs2: false)
  bench.network.addUSSD(request: "1", reply: "Saldo Rp 5.000", menu: false, ucs2: true)
  let taken1 = bench.modem.request(.ussd("*141#"))
  #expect(taken1)
  bench.run(seconds: 1)
  #expect(bench.network.commands.contains("AT+CUSD=1,\"*141#\",15"))
  #expect(replies(bench.events) == ["menu 1 Saldo\n2 Pulsa"])
  #expect(bench.modem.ussdOpen)
  let taken2 = bench.modem.request(.ussd("1"))
  #expect(taken2)
  bench.run(seconds: 1)
  #expect(replies(bench.events).last == "done Saldo Rp 5.000")
  #expect(!bench.modem.ussdOpen)
  #expect(bench.network.ussdHeard == ["*141#", "1"])
}

@Test("USSD: no reply in 30 s is a timeout, and the session is ended on the network")
func ussdTimeout() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let taken1 = bench.modem.request(.ussd("*999#"))
  #expect(taken1)
  bench.run(seconds: 29)
  #expect(replies(bench.events).isEmpty)
  bench.run(seconds: 2)
  #expect(replies(bench.events) == ["timed-out "])
  #expect(bench.network.commands.contains("AT+CUSD=2"))
}

@Test(
  "USSD replies as modems give them: a reply before OK, one over several lines, not supported, a refusal"
)
func ussdDialects() {
  var line = ScriptedLine()
  line.answers["AT+CUSD=1,\"*1#\",15"] =
    "\r\n+CUSD: 1,\"Menu\r\n1 Balance\r\n2 Help\",15\r\n\r\nOK\r\n"
  line.answers["AT+CUSD=1,\"*2#\",15"] = "\r\nOK\r\n\r\n+CUSD: 4\r\n"
  line.answers["AT+CUSD=1,\"*3#\",15"] = "\r\n+CME ERROR: 30\r\n"
  line.answers["AT+CUSD=1,\"*4#\",15"] =
    "\r\nOK\r\n\r\n+CUSD: 2,\"005300650073007300E3006F0020007400650072006D0069006E006100640061\",72\r\n"
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  var events: [ModemEvent] = []
  for (index, code) in ["*1#", "*2#", "*3#", "*4#"].enumerated() {
    let taken1 = modem.request(.ussd(code))
    #expect(taken1)
    events += runForASecond(&modem, from: .zero + .seconds(Int64(index + 1)))
  }
  #expect(
    replies(events) == [
      "menu Menu\n1 Balance\n2 Help", "not-supported ", "failed ", "ended Sessão terminada",
    ])
}

@Test("a USSD string with a quote or beyond 160 characters is refused")
func ussdRefused() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let taken1 = bench.modem.request(.ussd("*1\"#"))
  #expect(!taken1)
  let taken2 = bench.modem.request(.ussd(String(repeating: "1", count: 161)))
  #expect(!taken2)
  let taken3 = bench.modem.request(.endUSSD)
  #expect(!taken3)
}

@Test(
  "status: signal, registration, operator and battery asked after set-up and every 30 s; a +CREG URC at once"
)
func networkStatus() {
  var bench = ModemBench()
  bench.network.battery = 80
  bench.run(seconds: 1)
  var expected = NetworkStatus()
  expected.signal = 20
  expected.registration = .home
  expected.operatorName = "t9net"
  expected.battery = 80
  #expect(bench.events.contains(.status(expected)))
  #expect(bench.modem.status.bars == 4)
  bench.events.removeAll()
  bench.network.register(5)
  bench.run(seconds: 1)
  expected.registration = .roaming
  #expect(bench.events == [.status(expected)])
  bench.network.signal = 7
  bench.run(seconds: 31)
  expected.signal = 7
  #expect(bench.events.last == .status(expected))
  #expect(bench.modem.status.bars == 1)
}

@Test("the network's time is read from +CCLK once set; a clock never set (2004) is not the time")
func networkTime() {
  var bench = ModemBench()
  bench.run(seconds: 1)
  let early = bench.events.filter { if case .networkTime = $0 { true } else { false } }
  #expect(early.isEmpty)
  // 2026-11-27T09:41:00+07:00 is 02:41:00Z.
  bench.network.setTime(epochSeconds: 1_795_747_260, offsetQuarterHours: 28)
  bench.run(seconds: 31)
  let times = bench.events.compactMap { event -> Int64? in
    if case .networkTime(let seconds, let offset) = event, offset == 28 { return seconds }
    return nil
  }
  #expect(times.count == 1)
  if let time = times.first {
    #expect(time >= 1_795_747_260 && time <= 1_795_747_260 + 32)
  }
}
