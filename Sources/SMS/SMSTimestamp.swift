/// A service-centre time stamp (TS 23.040 §9.2.3.11): the local date and
/// time where it was stamped, and that place's offset from UTC.
public struct SMSTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, 2000–2099 (the PDU carries two digits).
  public var year: Int
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
  /// The offset from UTC in quarter hours (-79…79; Indonesia's WIB is 28).
  public var offsetQuarterHours: Int

  /// A time stamp from its fields.
  public init(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
    offsetQuarterHours: Int
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.offsetQuarterHours = offsetQuarterHours
  }

  /// The local time `epochSeconds` after 1970-01-01T00:00:00Z in a zone
  /// `offsetQuarterHours` from UTC.
  public init(epochSeconds: Int64, offsetQuarterHours: Int = 0) {
    let local = epochSeconds + Int64(offsetQuarterHours) * 900
    let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    let seconds = Int(local - Int64(days) * 86_400)
    // Civil from days (Howard Hinnant's algorithm).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(
      year: year, month: month, day: day, hour: seconds / 3_600, minute: seconds / 60 % 60,
      second: seconds % 60, offsetQuarterHours: offsetQuarterHours)
  }

  /// The time stamp in its seven octets (swapped BCD, the offset's sign
  /// in bit 3 of the last), or `nil` when a digit is not one or a field
  /// is out of range.
  public init?(octets: ArraySlice<UInt8>) {
    guard octets.count == 7 else { return nil }
    var fields = InlineArray<7, Int>(repeating: 0)
    var sign = 1
    for (index, octet) in octets.enumerated() {
      let low = Int(index == 6 ? octet & 0x07 : octet & 0x0F)
      let high = Int(octet >> 4)
      guard low <= 9, high <= 9 else { return nil }
      fields[index] = low * 10 + high
      if index == 6, octet & 0x08 != 0 { sign = -1 }
    }
    self.init(
      year: 2000 + fields[0], month: fields[1], day: fields[2], hour: fields[3],
      minute: fields[4], second: fields[5], offsetQuarterHours: sign * fields[6])
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
  }

  /// The seven octets of the time stamp.
  public var octets: [UInt8] { (0..<7).map { octet(at: $0) } }

  /// Octet `index` (0–6) of the time stamp: swapped BCD, the offset's
  /// sign in bit 3 of the last.
  public func octet(at index: Int) -> UInt8 {
    let value: Int
    switch index {
    case 0: value = year % 100
    case 1: value = month
    case 2: value = day
    case 3: value = hour
    case 4: value = minute
    case 5: value = second
    default: value = Swift.min(79, abs(offsetQuarterHours))
    }
    let octet = UInt8(value % 10) << 4 | UInt8(value / 10)
    return index == 6 && offsetQuarterHours < 0 ? octet | 0x08 : octet
  }

  /// Seconds since 2000-01-01T00:00:00Z, for ordering instants from
  /// different zones.
  public var secondsSince2000: Int {
    // Days from civil (Howard Hinnant's algorithm), relative to 2000-03-01.
    let shifted = month <= 2 ? year - 1 : year
    let era = shifted / 400
    let yearOfEra = shifted - era * 400
    let monthIndex = (month + 9) % 12
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 730_425
    return days * 86_400 + hour * 3_600 + minute * 60 + second - offsetQuarterHours * 900
  }

  /// Earlier instants first, whatever their zones.
  public static func < (lhs: SMSTimestamp, rhs: SMSTimestamp) -> Bool {
    lhs.secondsSince2000 < rhs.secondsSince2000
  }

  /// ISO 8601 with the offset: `2002-08-26T19:37:41+02:00`.
  public var description: String {
    let offset = abs(offsetQuarterHours) * 15
    return "\(year)-\(Self.pad(month))-\(Self.pad(day))T\(Self.pad(hour)):\(Self.pad(minute))"
      + ":\(Self.pad(second))\(offsetQuarterHours < 0 ? "-" : "+")"
      + "\(Self.pad(offset / 60)):\(Self.pad(offset % 60))"
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
