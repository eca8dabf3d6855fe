/// Where the firmware's clock stands on another clock: the one step that
/// moves a device's timestamps (the kernel's `CLOCK_MONOTONIC` on a keypad's
/// events, the times in an evemu recording) onto the firmware's clock.
///
/// Key events from a device carry the device's time until they pass through
/// here; every input source that has a clock of its own uses this step and no
/// other, so there is one place where device time becomes firmware time.
public struct TimeBase: Sendable, Hashable {
  /// The other clock's reading, in microseconds, at `start`.
  public var origin: Int64
  /// The firmware's instant at `origin`.
  public var start: Instant

  /// A base on which the other clock's `origin` (microseconds) is the
  /// firmware's `start`.
  public init(origin: Int64, start: Instant = .zero) {
    self.origin = origin
    self.start = start
  }

  /// The firmware's instant of `microseconds` on the other clock.
  public func instant(microseconds: Int64) -> Instant {
    Instant(microseconds: start.microseconds &+ (microseconds &- origin))
  }

  /// `event` with its device time moved onto the firmware's clock.
  public func rebased(_ event: KeyEvent) -> KeyEvent {
    KeyEvent(event.action, event.key, at: instant(microseconds: event.time.microseconds))
  }
}
