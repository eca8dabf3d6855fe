import Vocabulary

/// One thing the network did that the flight recorder keeps, so a report
/// replays with it: a PDU the modem handed over (as `network pdu HEX`), the
/// network starting or ceasing to refuse the phone's messages
/// (`network refuse-sends`, `network accept-sends`), a call ringing in, the
/// other party answering, being busy, not answering or hanging up
/// (`network call`, `answer`, `busy`, `no-answer`, `hangup`), and a USSD
/// request with the network's reply (`network ussd`).
public struct RecordedNetworkEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: UInt8, Sendable, Hashable {
    /// A PDU arrived, service-centre field first.
    case pdu
    /// The network refused a part the phone sent.
    case refusesSends
    /// The network took a part again after refusing.
    case acceptsSends
    /// A call rang in; the bytes are the caller's number (none: withheld).
    case call
    /// The other phone answered the phone's call.
    case answer
    /// The other phone was busy.
    case busy
    /// Nobody answered the phone's call.
    case noAnswer
    /// The other party hung up (or a caller gave up before an answer).
    case hangUp
    /// The network replied to a USSD request and waits for an answer; the
    /// bytes are the request, a zero byte and the reply (UTF-8), and the
    /// time is the request's.
    case ussdMenu
    /// The network replied to a USSD request and ended the session (bytes
    /// and time as `ussdMenu`).
    case ussdEnd
  }

  /// The firmware time, in microseconds.
  public var microseconds: Int64
  /// What happened.
  public var kind: Kind
  /// The PDU for `.pdu`, the number for `.call`, the request and reply
  /// for USSD (empty otherwise).
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
