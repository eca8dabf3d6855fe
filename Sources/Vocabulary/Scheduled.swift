/// A part that needs the clock now and then: it says when it next does,
/// and does what is due when told to, but never moves time itself.
///
/// The phone's timers (gestures, the multi-tap commit, notices, the
/// backlight), the harness that records its glass, and the supervisor that
/// adds the watchdog's looks and the peripherals' retries are all
/// scheduled parts; `Scheduler` is the one loop that moves their time, as
/// swift-nio's `EmbeddedEventLoop` runs its tasks on a clock moved by hand.
/// An outer part's `fire(at:)` fires its inner parts at the same instant;
/// none of them loops over its own deadlines. A part may be non-copyable
/// (`PhoneRuntime` is): it is only ever moved in place.
public protocol Scheduled: ~Copyable {
  /// The part's time: the latest instant it was fired at or handed input.
  var now: Instant { get }
  /// When the part next needs `fire(at:)` without input, if ever.
  var nextDeadline: Instant? { get }
  /// Brings the part to `time` (never before `now`): what is due at or
  /// before it runs, and the part's time becomes `time`.
  mutating func fire(at time: Instant)
}

extension Scheduled where Self: ~Copyable {
  /// Moves the part's time to `time`, firing it at each deadline due on the
  /// way, in time order (`Scheduler.advance`).
  @inlinable
  public mutating func advance(to time: Instant) {
    Scheduler.advance(
      to: time, now: { now }, nextDeadline: { nextDeadline }, fire: { fire(at: $0) })
  }

  /// Moves the part's time `duration` on.
  @inlinable
  public mutating func advance(by duration: Duration) {
    advance(to: now + duration)
  }
}
