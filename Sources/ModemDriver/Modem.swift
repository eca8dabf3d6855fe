import Vocabulary

/// A cellular modem as the phone uses it for messages: parts to send, one
/// at a time, and received PDUs handed over one at a time, each kept on
/// the modem until the phone says it has stored it.
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
  /// Reads every message the modem stores again (after the phone made
  /// room for those it kept).
  mutating func rescan()
  /// What the modem says about itself.
  var health: PeripheralHealth { get }
  /// Closes the line.
  mutating func close()
}
