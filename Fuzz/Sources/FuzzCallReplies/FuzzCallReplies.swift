import FuzzModemLine
import FuzzSupport
import ModemDriver
import Vocabulary

/// The AT driver's readers of calls and USSD — `RING`, `+CLIP`, `+CLCC`,
/// `NO CARRIER`/`BUSY`/`NO ANSWER`, `+CUSD` over one line or many — on
/// whatever a modem could send, while the phone dials, answers, plays
/// tones and sends USSD as it would. The input's first byte chooses how
/// much the line hands over at a time and which requests the phone makes;
/// the rest is what the modem says over twenty seconds of polls.
///
/// Checked: no crash; a caller is at most 40 dialable characters; a USSD
/// reply fits the driver's reply buffer; a call ends only after it began,
/// once; the call state is idle exactly when the last call event says so.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCallReplies(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  guard let first = bytes.first else { return 0 }
  let line = FuzzLine(bytes: Array(bytes.dropFirst()), chunk: Int(first % 32) + 1)
  var modem = ATModem(path: "/dev/fuzz", system: line, log: .disabled)
  var now = Instant.zero
  let end = Instant.zero + .seconds(20)
  var steps = 0
  var inCall = false
  var requests = 0
  while let due = modem.nextDeadline, due <= end, steps < 40_000 {
    steps += 1
    now = Swift.max(now, due)
    modem.service(at: now)
    while let event = modem.nextEvent() {
      switch event {
      case .call(let state):
        Invariant.check(state != .idle, "a call event of state idle")
        inCall = true
      case .callEnded:
        Invariant.check(inCall, "a call ended that never began")
        inCall = false
      case .caller(let number):
        Invariant.check(number.utf8.count <= ATModem<FuzzLine>.maximumDialled, "a long caller")
        Invariant.check(
          number.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2A || $0 == 0x23 || $0 == 0x2B
          },
          "a caller with a character a number does not have")
      case .ussd(_, let text):
        Invariant.check(
          text.unicodeScalars.count <= ATModem<FuzzLine>.maximumReply, "a USSD reply too long")
      case .received:
        modem.finishReceived(keepOnModem: false)
      default: break
      }
    }
    Invariant.check((modem.callState == .idle) == !inCall, "the call state and the events disagree")
    // The phone's side: a request every so often, chosen by the first byte.
    if modem.phase == .ready, steps % 50 == 0, requests < 12 {
      requests += 1
      switch (Int(first) >> 5 + requests) % 6 {
      case 0: _ = modem.request(.dial("+6281234567"))
      case 1: _ = modem.request(.answer)
      case 2: _ = modem.request(.tone(UInt8(ascii: "5")))
      case 3: _ = modem.request(.ussd("*141#"))
      case 4: _ = modem.request(.hangUp)
      default: _ = modem.request(.endUSSD)
      }
    }
  }
  return 0
}
