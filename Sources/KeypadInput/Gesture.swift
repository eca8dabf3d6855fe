/// What the user meant by a key press, decided from its timing.
public struct Gesture: Sendable, Hashable {
  /// The kinds of gesture.
  public enum Kind: Sendable, Hashable {
    /// Pressed and released before the long-press threshold.
    case tap
    /// Held until the long-press threshold; fires while the key is still down.
    case longPress
    /// Still held one repeat interval after the long press (or the previous
    /// repeat), for keys that repeat.
    case repeatPress
  }

  /// The kind of gesture.
  public var kind: Kind
  /// The key it was made with.
  public var key: Key
  /// When the gesture was recognised.
  public var time: Instant

  /// Creates a gesture.
  public init(_ kind: Kind, _ key: Key, at time: Instant) {
    self.kind = kind
    self.key = key
    self.time = time
  }
}
