/// A point on the firmware's monotonic clock, in microseconds from an
/// arbitrary origin.
///
/// The core never reads a clock itself: instants come from the kernel's event
/// timestamps on hardware and from a virtual clock in scenarios, so every run
/// is deterministic.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Microseconds since the clock's origin.
  public var microseconds: Int64

  /// Creates an instant from microseconds since the clock's origin.
  public init(microseconds: Int64) {
    self.microseconds = microseconds
  }

  /// The clock's origin, where scenarios start.
  public static let zero = Instant(microseconds: 0)

  /// Seconds since the origin with millisecond precision, e.g. `1.250s`.
  public var description: String {
    let millis = microseconds / 1000
    let sign = millis < 0 ? "-" : ""
    let magnitude = millis.magnitude
    let fraction = String(magnitude % 1000)
    let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
    return "\(sign)\(magnitude / 1000).\(padded)s"
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.microseconds < rhs.microseconds
  }

  /// The instant `duration` after `instant`.
  @inlinable public static func + (instant: Instant, duration: Duration) -> Instant {
    Instant(microseconds: instant.microseconds &+ duration.wholeMicroseconds)
  }

  /// The time from `rhs` to `lhs`.
  public static func - (lhs: Instant, rhs: Instant) -> Duration {
    .microseconds(lhs.microseconds &- rhs.microseconds)
  }

  /// The earlier of two deadlines, either of which may be none: how every
  /// part that holds others says when it next needs the clock.
  @inlinable public static func earliest(_ a: Instant?, _ b: Instant?) -> Instant? {
    guard let a else { return b }
    guard let b else { return a }
    return b < a ? b : a
  }
}

extension Duration {
  /// The duration in whole microseconds, rounded toward zero.
  @inlinable public var wholeMicroseconds: Int64 {
    // The firmware converts a few durations on every key event. 10^12 is
    // 2^12 · 244,140,625: a duration under 2^75 attoseconds (about 10
    // hours) is shifted, then divided in 64 bits, which is a
    // multiplication; a longer one takes a 128-bit division
    // (`components` takes two).
    let attoseconds = attoseconds
    let magnitude = attoseconds.magnitude
    if magnitude >> 75 == 0 {
      let quotient = Int64(UInt64(truncatingIfNeeded: magnitude >> 12) / 244_140_625)
      return attoseconds < 0 ? -quotient : quotient
    }
    return Int64(truncatingIfNeeded: attoseconds / 1_000_000_000_000)
  }

  /// The duration in whole milliseconds, rounded toward zero.
  public var wholeMilliseconds: Int64 { wholeMicroseconds / 1000 }
}
