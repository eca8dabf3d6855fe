import Diagnostics
import ModemDriver
import SMS
import TestSupport
import Testing
import Vocabulary

/// Runs `modem` for a second of polls.
func runForASecond(_ modem: inout ATModem<ScriptedLine>, from start: Instant) -> [ModemEvent] {
  var events: [ModemEvent] = []
  let end = start + .seconds(1)
  while let due = modem.nextDeadline, due <= end {
    modem.service(at: max(due, start))
    while let event = modem.nextEvent() { events.append(event) }
  }
  return events
}

/// A PDU as the modem would show it, from the codec.
func deliverPDU(_ text: String) -> String {
  guard let sender = PhoneAddress(number: "+6281") else { return "" }
  let encoder = DeliverEncoder(
    sender: sender,
    time: SMSTimestamp(
      year: 2026, month: 11, day: 28, hour: 9, minute: 0, second: 0, offsetQuarterHours: 28))
  return Hex.string(encoder.encode(Array(text.unicodeScalars))[0])
}

@Test("a +CMTI between a command's echo and its OK is queued, and the OK still ends the command")
func urcBetweenEchoAndOK() {
  var line = ScriptedLine()
  // A modem just powered on echoes: the probe's echo, a URC, then OK.
  line.answers["AT"] = "AT\r\r\n+CMTI: \"SM\",4\r\n\r\nOK\r\n"
  line.answers["AT+CMGR=4"] =
    "\r\n+CMGR: 0,,20\r\n\(deliverPDU("hello"))\r\n\r\nOK\r\n"
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: .disabled)
  let events = runForASecond(&modem, from: .zero)
  #expect(messaging(events) == [.ready, .received])
  var text: [Unicode.Scalar] = []
  _ = try? PDUDecoder.decode(modem.receivedPDU, text: &text)
  #expect(String(String.UnicodeScalarView(text)) == "hello")
}

@Test("a URC before the prompt does not stop the PDU from going out after it")
func urcBeforePrompt() throws {
  var modem = ATModem(path: "/dev/ttyS0", system: ScriptedLine(), log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  let recipient = try #require(PhoneAddress(number: "123"))
  let pdu = try SubmitEncoder(recipient: recipient).encode(
    Array("hi".unicodeScalars))[0]
  modem.system.answers["AT+CMGS=\(pdu.count - 1)"] = "\r\n+CMTI: \"SM\",2\r\n\r\n> "
  modem.system.answers["AT+CMGR=2"] = "\r\nOK\r\n"
  let accepted = modem.send(pdu)
  #expect(accepted)
  let events = runForASecond(&modem, from: .zero + .seconds(1))
  #expect(messaging(events) == [.sent(reference: 9)])
  #expect(modem.system.written.contains(Hex.string(pdu) + "\u{1A}"))
  #expect(modem.system.written.contains("AT+CMGR=2\r"), "the announced message is read after")
}

@Test("a pushed +CMT message is handed over without a storage slot; nothing is deleted for it")
func pushedMessage() {
  var modem = ATModem(path: "/dev/ttyS0", system: ScriptedLine(), log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  modem.system.say("\r\n+CMT: ,20\r\n\(deliverPDU("flash!"))\r\n")
  let events = runForASecond(&modem, from: .zero + .seconds(1))
  #expect(messaging(events) == [.received])
  modem.finishReceived(keepOnModem: false)
  _ = runForASecond(&modem, from: .zero + .seconds(2))
  #expect(!modem.system.written.contains("AT+CMGD"))
}

@Test("an echo while ready means the modem restarted without saying so: set up again")
func echoMeansRestart() {
  var modem = ATModem(path: "/dev/ttyS0", system: ScriptedLine(), log: .disabled)
  _ = runForASecond(&modem, from: .zero)
  modem.system.say("AT\r\r\nOK\r\n")
  let events = runForASecond(&modem, from: .zero + .seconds(1))
  #expect(modem.modemResets == 1)
  #expect(messaging(events) == [.unavailable, .ready])
}

@Test("a required set-up step refused: logged, the modem is probed again later")
func refusedPDUMode() {
  var line = ScriptedLine()
  line.answers["AT+CMGF=0"] = "\r\n+CME ERROR: operation not supported\r\n"
  let logs = LogCollector()
  var modem = ATModem(path: "/dev/ttyS0", system: line, log: logs.log)
  _ = runForASecond(&modem, from: .zero)
  #expect(modem.phase == .silent)
  #expect(logs.contains("the modem refused AT+CMGF=0"))
}

@Test(
  "the line reader: lines at CR, LF or Ctrl-Z, the bare prompt, and overlong lines dropped whole")
func lineReader() {
  var reader = ATLineReader(capacity: 8)
  var seen: [String] = []
  for byte in Array("\r\nOK\r\n> abc\u{1A}0123456789ABC\r\nRDY\r".utf8) {
    switch reader.take(byte) {
    case .line?: seen.append(String(decoding: reader.line, as: UTF8.self))
    case .prompt?: seen.append("<prompt>")
    case nil: break
    }
  }
  #expect(seen == ["OK", "<prompt>", "abc", "RDY"])
  #expect(reader.overlongLines == 1)
}

@Test("modem specs: none, sim, tty:PATH with an optional speed; anything else says what is wanted")
func modemSpecs() throws {
  #expect(try ModemSpec.parse("none").get() == ModemSpec.none)
  #expect(try ModemSpec.parse("sim").get() == .simulated)
  #expect(
    try ModemSpec.parse("tty:/dev/ttyUSB2").get() == .tty(path: "/dev/ttyUSB2", baud: 115_200))
  #expect(
    try ModemSpec.parse("tty:/dev/serial0@9600").get() == .tty(path: "/dev/serial0", baud: 9_600))
  #expect(throws: ModemSpecError.self) { try ModemSpec.parse("tty:/dev/ttyUSB2@1234").get() }
  #expect(throws: ModemSpecError.self) { try ModemSpec.parse("tty:").get() }
  #expect(throws: ModemSpecError.self) { try ModemSpec.parse("/dev/ttyUSB2").get() }
}
