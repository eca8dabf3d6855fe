import CLinux
import KeypadInput
import Runtime

/// The system's monotonic clock, as the firmware's instants from a start time.
public struct MonotonicClock: RunClock {
  /// The firmware's zero on `CLOCK_MONOTONIC`, in microseconds. A keypad's
  /// kernel timestamps are on the same clock: a run rebases the runtime's
  /// input clock on this origin (`PhoneRuntime.rebaseInput`).
  public let origin: Int64

  /// A clock that reads zero now.
  public init() {
    origin = MonotonicClock.microseconds()
  }

  /// The instant now.
  public var now: Instant { Instant(microseconds: MonotonicClock.microseconds() &- origin) }

  private static func microseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
  }

  /// Minutes after midnight, local time, now.
  public static func localMinuteOfDay() -> Int {
    var seconds = time(nil)
    var parts = tm()
    localtime_r(&seconds, &parts)
    return Int(parts.tm_hour) * 60 + Int(parts.tm_min)
  }

  /// Sleeps until `due` (at once if it has passed).
  public func sleep(until due: Instant) {
    let microseconds = (due - now).wholeMicroseconds
    guard microseconds > 0 else { return }
    var request = timespec(
      tv_sec: .init(microseconds / 1_000_000), tv_nsec: .init(microseconds % 1_000_000 * 1000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && t9_errno() == EINTR { request = remaining }
  }
}
