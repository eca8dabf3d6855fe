import KeypadInput

/// Parses the durations scenarios and options use: `80ms`, `1.5s`, `2s`,
/// `250us`.
public enum DurationParser {
  /// The duration, or nil if the text is not one. Negative values are refused.
  public static func parse(_ text: String) -> Duration? {
    let units: [(suffix: String, microseconds: Int64)] = [
      ("ms", 1000), ("us", 1), ("µs", 1), ("s", 1_000_000),
    ]
    for unit in units where text.hasSuffix(unit.suffix) {
      let number = text.dropLast(unit.suffix.count)
      guard let microseconds = decimal(number, scale: unit.microseconds) else { return nil }
      return .microseconds(microseconds)
    }
    return nil
  }

  /// `number * scale` for a decimal like `1.5`, exactly, without floating point;
  /// nil when it does not fit 64 bits of microseconds or has more than nine
  /// decimals (a fuzzer found both trapping on overflow).
  private static func decimal(_ number: Substring, scale: Int64) -> Int64? {
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy({ $0.isASCII && $0.isNumber }), let wholeValue = Int64(whole)
    else { return nil }
    var (result, overflow) = wholeValue.multipliedReportingOverflow(by: scale)
    guard !overflow else { return nil }
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.utf8.count <= 9,
        fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let fractionValue = Int64(fraction)
      else { return nil }
      var divisor: Int64 = 1
      for _ in fraction.utf8 { divisor *= 10 }
      (result, overflow) = result.addingReportingOverflow(fractionValue * scale / divisor)
      guard !overflow else { return nil }
    }
    return result
  }

  /// `700ms`, `1.5s`, `2s`, `1234us`: the shortest form that parses back to
  /// exactly the same number of microseconds; on a tie seconds (from one
  /// second up), then milliseconds.
  public static func format(_ duration: Duration) -> String {
    let micro = duration.wholeMicroseconds
    let sign = micro < 0 ? "-" : ""
    let magnitude = micro.magnitude
    // In order of preference: the first of the shortest wins.
    var candidates: [String] = []
    if magnitude >= 1_000_000 {
      var fraction = magnitude % 1_000_000
      var decimals = 6
      while decimals > 0 && fraction % 10 == 0 {
        fraction /= 10
        decimals -= 1
      }
      var seconds = "\(sign)\(magnitude / 1_000_000)"
      if decimals > 0 {
        let digits = String(fraction)
        seconds += "." + String(repeating: "0", count: decimals - digits.utf8.count) + digits
      }
      candidates.append(seconds + "s")
    }
    if magnitude % 1000 == 0 { candidates.append("\(sign)\(magnitude / 1000)ms") }
    candidates.append("\(sign)\(magnitude)us")
    var best = candidates[0]
    for candidate in candidates.dropFirst() where candidate.utf8.count < best.utf8.count {
      best = candidate
    }
    return best
  }
}
