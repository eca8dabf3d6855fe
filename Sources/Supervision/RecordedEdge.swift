import Vocabulary

/// One input the flight recorder keeps: a key edge, or the keypad going or
/// coming back, at its firmware time. Sixteen bytes, so the ring is small.
public struct RecordedEdge: Sendable, Hashable {
  /// What happened.
  public enum Kind: UInt8, Sendable, Hashable {
    /// The key went down.
    case press
    /// The key came up.
    case release
    /// The keypad went away.
    case unplug
    /// The keypad came back.
    case replug
  }

  /// The firmware time, in microseconds.
  public var microseconds: Int64
  /// What happened.
  public var kind: Kind
  /// The key (ignored for unplug and replug).
  public var key: Key

  /// Creates a recorded edge.
  public init(_ kind: Kind, _ key: Key = .zero, at time: Instant) {
    self.microseconds = time.microseconds
    self.kind = kind
    self.key = key
  }

  /// The firmware time.
  public var time: Instant { Instant(microseconds: microseconds) }
}
