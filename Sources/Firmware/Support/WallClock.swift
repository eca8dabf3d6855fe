import KeypadInput

/// The time of day shown on the idle screen, derived from the injected
/// monotonic clock and the time of day at its origin.
public struct WallClock: Sendable, Hashable {
  /// Minutes after midnight at instant zero.
  public var minutesAtStart: Int
  /// Seconds into that minute at instant zero (a clock set from the
  /// network starts mid-minute).
  public var secondsAtStart: Int

  /// A clock that read `minutesAtStart` and `secondsAtStart` seconds at
  /// instant zero.
  public init(minutesAtStart: Int, secondsAtStart: Int = 0) {
    self.minutesAtStart = minutesAtStart
    self.secondsAtStart = secondsAtStart
  }

  /// Minutes after midnight at `instant`.
  public func minuteOfDay(at instant: Instant) -> Int {
    let elapsed = Int((instant.microseconds + Int64(secondsAtStart) * 1_000_000) / 60_000_000)
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
    let shift = Int64(secondsAtStart) * 1_000_000
    let next = ((instant.microseconds + shift) / minute + 1) * minute - shift
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

extension PhoneSettings {
  /// The idle clock the settings set.
  var wallClock: WallClock {
    WallClock(minutesAtStart: clockAtStart, secondsAtStart: clockSecondsAtStart)
  }
}
