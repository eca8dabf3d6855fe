/// A moment in seconds since 1970 as a UTC calendar date and time of day,
/// by civil-from-days arithmetic (proleptic Gregorian calendar, no time
/// zones, no leap seconds).
public struct UTCTime: Sendable, Hashable {
  /// 2026-01-01 00:00 UTC, in seconds since 1970: the day scenarios, and a
  /// run started with a given clock, happen on.
  public static let scenarioDay: Int64 = 1_767_225_600

  /// The year (`2026`).
  public var year: Int64
  /// The month, 1–12.
  public var month: Int
  /// The day of the month, 1–31.
  public var day: Int
  /// The hour, 0–23.
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int
  /// The second, 0–59.
  public var second: Int

  /// The UTC date and time `epochSeconds` after 1970-01-01 00:00:00 UTC
  /// (before it when negative).
  public init(epochSeconds: Int64) {
    var days = epochSeconds / 86_400
    var secondOfDay = epochSeconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    hour = Int(secondOfDay / 3600)
    minute = Int(secondOfDay % 3600 / 60)
    second = Int(secondOfDay % 60)
    // Howard Hinnant's civil_from_days: eras of 400 years from 0000-03-01.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
    month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// `20260229T235959Z`: ISO 8601's basic form, for file names.
  public var compact: String {
    "\(padded(year, 4))\(padded(month, 2))\(padded(day, 2))T"
      + "\(padded(hour, 2))\(padded(minute, 2))\(padded(second, 2))Z"
  }

  /// `2026-02-29 23:59:59`, for people.
  public var readable: String {
    "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2)) "
      + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
  }

  private func padded(_ value: Int, _ width: Int) -> String {
    padded(Int64(value), width)
  }

  private func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let sign = value < 0 ? "-" : ""
    return sign + String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits
  }
}
