import Vocabulary

/// One thing the network did that the flight recorder keeps, so a report
/// replays with it: a PDU the modem handed over (as `network pdu HEX`), or
/// the network starting or ceasing to refuse the phone's messages
/// (`network refuse-sends`, `network accept-sends`).
public struct RecordedNetworkEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: UInt8, Sendable, Hashable {
    /// A PDU arrived, service-centre field first.
    case pdu
    /// The network refused a part the phone sent.
    case refusesSends
    /// The network took a part again after refusing.
    case acceptsSends
  }

  /// The firmware time, in microseconds.
  public var microseconds: Int64
  /// What happened.
  public var kind: Kind
  /// The PDU, for `.pdu` (empty otherwise).
  public var pdu: [UInt8]

  /// Creates an event.
  public init(_ kind: Kind, pdu: [UInt8] = [], at time: Instant) {
    microseconds = time.microseconds
    self.kind = kind
    self.pdu = pdu
  }

  /// The firmware time.
  public var time: Instant { Instant(microseconds: microseconds) }
}
