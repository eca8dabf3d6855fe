import Vocabulary

/// A cellular modem as the phone uses it: parts to send, one at a time,
/// received PDUs handed over one at a time (each kept on the modem until
/// the phone says it has stored it), and voice calls.
///
/// Like a display, a modem never blocks and never fails the phone: it says
/// when it needs the clock (`nextDeadline`), does its work in
/// `service(at:)`, and reports what happened as events. Drivers are
/// generic over their system calls, never existentials, so the core
/// compiles as Embedded Swift.
public protocol Modem {
  /// When the modem next needs `service(at:)`, if ever.
  var nextDeadline: Instant? { get }
  /// Reads what the modem sent, answers it, starts the next command, and
  /// notices timeouts and a lost line.
  mutating func service(at now: Instant)
  /// The oldest event not yet taken.
  mutating func nextEvent() -> ModemEvent?
  /// The PDU of the last `.received` event (service-centre field first).
  var receivedPDU: [UInt8] { get }
  /// Done with the last received PDU: deleted from the modem's storage,
  /// or kept there (the phone had no room; `rescan()` reads it again).
  mutating func finishReceived(keepOnModem: Bool)
  /// Starts sending one SMS-SUBMIT PDU (service-centre field first):
  /// `false` when the modem is not ready or another part is on its way.
  mutating func send(_ pdu: [UInt8]) -> Bool
  /// Asks for a call to be dialled, answered, hung up, or a tone played:
  /// `false` when the modem is not ready, or the request does not fit the
  /// call (answering with nothing ringing, a tone with no call up).
  mutating func request(_ request: ModemRequest) -> Bool
  /// Reads every message the modem stores again (after the phone made
  /// room for those it kept).
  mutating func rescan()
  /// What the modem says about itself.
  var health: PeripheralHealth { get }
  /// Closes the line.
  mutating func close()
  /// Closes the line and opens it again at once, setting the modem up
  /// afresh: the watchdog's repair of a modem its driver cannot bring
  /// back.
  mutating func reset()
  /// Whether there is a modem at all (a slot may hold none).
  var isPresent: Bool { get }
}

extension Modem {
  /// A driver is a modem.
  public var isPresent: Bool { true }
}
