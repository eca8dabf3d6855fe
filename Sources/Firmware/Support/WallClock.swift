import KeypadInput

/// The time of day shown on the idle screen, derived from the injected
/// monotonic clock and the time of day at its origin.
public struct WallClock: Sendable, Hashable {
  /// Minutes after midnight at instant zero.
  public var minutesAtStart: Int

  /// A clock that read `minutesAtStart` at instant zero.
  public init(minutesAtStart: Int) {
    self.minutesAtStart = minutesAtStart
  }

  /// Minutes after midnight at `instant`.
  public func minuteOfDay(at instant: Instant) -> Int {
    let elapsed = Int(instant.microseconds / 60_000_000)
    return ((minutesAtStart + elapsed) % 1440 + 1440) % 1440
  }

  /// `HH:MM` at `instant`.
  public func text(at instant: Instant) -> String {
    let minute = minuteOfDay(at: instant)
    let hours = minute / 60
    let minutes = minute % 60
    return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "")
      + String(minutes)
  }

  /// The next instant after `instant` at which the minute changes.
  public func nextMinute(after instant: Instant) -> Instant {
    let minute: Int64 = 60_000_000
    let next = (instant.microseconds / minute + 1) * minute
    return Instant(microseconds: next)
  }

  /// Parses `HH:MM` into minutes after midnight.
  public static func parse(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
      let hours = Int(parts[0]), let minutes = Int(parts[1]),
      (0..<24).contains(hours), (0..<60).contains(minutes)
    else { return nil }
    return hours * 60 + minutes
  }
}
