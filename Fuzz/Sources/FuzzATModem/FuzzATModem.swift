import FuzzModemLine
import FuzzSupport
import ModemDriver
import SMS
import Vocabulary

/// The AT modem driver reading whatever a modem or a line could send: the
/// input's first byte chooses how much the line hands over at a time, the
/// rest is what the modem says, over ten seconds of polls, while the phone
/// tries to send one part. Any bytes are read without crashing; every
/// received PDU fits the driver's buffer; the events stay within their
/// queue; and the driver ends in a phase it can recover from.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzATModem(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  guard let first = bytes.first else { return 0 }
  let line = FuzzLine(bytes: Array(bytes.dropFirst()), chunk: Int(first % 64) + 1)
  var modem = ATModem(path: "/dev/fuzz", system: line, log: .disabled)
  var now = Instant.zero
  let end = Instant.zero + .seconds(10)
  var sendTried = false
  var steps = 0
  while let due = modem.nextDeadline, due <= end, steps < 20_000 {
    steps += 1
    now = Swift.max(now, due)
    modem.service(at: now)
    var events = 0
    while let event = modem.nextEvent() {
      events += 1
      Invariant.check(events <= 16, "more than 16 events at once")
      if event == .received {
        Invariant.check(
          modem.receivedPDU.count <= PDUDecoder.maximumPDULength,
          "a received PDU of \(modem.receivedPDU.count) bytes")
        var text: [Unicode.Scalar] = []
        _ = try? PDUDecoder.decode(modem.receivedPDU, text: &text)
        modem.finishReceived(keepOnModem: bytes.count % 2 == 0)
      }
    }
    if !sendTried, modem.phase == .ready {
      sendTried = true
      _ = modem.send([0x00, 0x01, 0x00, 0x03, 0x81, 0x21, 0xF3, 0x00, 0x00, 0x01, 0x61])
    }
  }
  Invariant.check(modem.overlongLines >= 0, "negative count")
  return 0
}
