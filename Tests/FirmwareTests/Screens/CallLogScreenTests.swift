import CallLog
import CharacterLCD
import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing
import Vocabulary

/// A phone with a modem, its clock at 1 December 2026 00:00 UTC.
private func phoneWithModem() -> PhoneHarness {
  var settings = PhoneSettings()
  settings.epochAtStart = 1_796_083_200
  var harness = PhoneHarness(Phone(settings: settings))
  harness.withPhone { $0.attachModem() }
  return harness
}

@Test("a call rung in and answered is logged as received, with its start and connected time")
func callLog_receivedCallIsLogged() throws {
  var harness = phoneWithModem()
  harness.fire(at: Instant(microseconds: 10_000_000))
  harness.withPhone {
    $0.callChanged(to: .incoming)
    $0.callerIdentified("+15550100100")
  }
  harness.tap(.call)
  harness.fire(at: Instant(microseconds: 12_000_000))
  harness.withPhone { $0.callChanged(to: .active) }
  harness.fire(at: Instant(microseconds: 77_000_000))
  harness.withPhone { $0.callEnded(.hungUp) }
  let record = try #require(harness.phone.callLog.record(at: 0))
  #expect(
    record == CallRecord(kind: .received, number: "+15550100100", time: 1_796_083_210, duration: 65)
  )
  let write = harness.withPhone { $0.takeCallLogWrite() }
  #expect(write?.offset == 0 && write?.bytes.count == CallRecord.size)
  #expect(harness.withPhone { $0.takeCallLogWrite() } == nil)
}

@Test("a call rejected or left ringing is missed; a number dialled is dialled, even when busy")
func callLog_missedAndDialled() throws {
  var harness = phoneWithModem()
  harness.withPhone { $0.callChanged(to: .incoming) }
  harness.tap(.end)
  harness.withPhone { $0.callEnded(.hungUp) }
  harness.fire(at: Instant(microseconds: 5_000_000))
  harness.tap(.five, .five, .five, .call)
  harness.withPhone { $0.callEnded(.busy) }
  let log = harness.phone.callLog
  #expect(log.count == 2)
  #expect(log.record(at: 0)?.kind == .dialled)
  #expect(log.record(at: 0)?.number == "555")
  #expect(log.record(at: 0)?.duration == 0)
  #expect(log.record(at: 1)?.kind == .missed)
  #expect(log.record(at: 1)?.number == "")
}

@Test("without a modem nothing is called, so nothing is logged")
func callLog_noModemNoLog() {
  var harness = PhoneHarness(Phone())
  harness.tap(.one, .two, .three, .call, .end)
  #expect(harness.phone.callLog.count == 0)
  #expect(harness.withPhone { $0.takeCallLogWrite() } == nil)
}

@Test("the log lists calls newest first and calls the highlighted one back")
func callLog_listsAndCallsBack() {
  var harness = phoneWithModem()
  for number in ["111", "222"] {
    harness.tap(.end)
    for digit in number { harness.tap(digit == "1" ? .one : .two) }
    harness.tap(.call)
    harness.withPhone { $0.callEnded(.noAnswer) }
  }
  harness.tap(.end)
  harness.tap(.ok, .four)
  #expect(harness.phone.screenName == "calls")
  #expect(harness.rows == ["Dialled 00:00   ", "→222           ↓"])
  harness.tap(.down)
  #expect(harness.rows[1].hasPrefix("→111"))
  harness.tap(.call)
  #expect(harness.phone.screenName == "calling")
  #expect(harness.phone.callState == .dialing)
}
