/// A key edge reported by a keypad, with the time it happened.
public struct KeyEvent: Sendable, Hashable {
  /// What happened to the key.
  public enum Action: Sendable, Hashable {
    /// The key went down.
    case press
    /// The key came up.
    case release
    /// The operating system's autorepeat; the firmware ignores it and times
    /// holds itself.
    case autorepeat
  }

  /// Which key.
  public var key: Key
  /// What happened.
  public var action: Action
  /// When it happened, on the firmware's monotonic clock (straight from a
  /// device, on the device's clock until the supervisor's `InputClock` places it).
  public var time: Instant

  /// Creates an event.
  public init(_ action: Action, _ key: Key, at time: Instant) {
    self.key = key
    self.action = action
    self.time = time
  }
}
