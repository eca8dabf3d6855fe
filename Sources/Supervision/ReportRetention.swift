/// How a reports folder names and keeps flight reports. Report names begin
/// with their UTC time (`20261124T060831Z-lcd.scenario`), so sorting by name
/// sorts by time; a name already taken gets `-2`, `-3`… before `.scenario`,
/// which sorts after the name without it (and `-10` after `-9`).
public enum ReportRetention {
  /// The file type of a report.
  public static let suffix = ".scenario"

  /// `name` when neither it nor a `-N` form of it is in `taken`; else the
  /// name with `-N` before `.scenario` (at the end for another name), N one
  /// more than the highest taken, so that it sorts after every report of
  /// that name — even when the oldest of them were removed.
  public static func freeName(_ name: String, taken: Set<String>) -> String {
    let hasType = name.hasSuffix(suffix)
    let stem = hasType ? String(name.dropLast(suffix.utf8.count)) : name
    let type = hasType ? suffix : ""
    var highest = 0
    for other in taken {
      guard hasType == other.hasSuffix(suffix) else { continue }
      let parts = key(other, type: type)
      if parts.stem == stem { highest = max(highest, parts.number) }
    }
    guard highest > 0 else { return name }
    return "\(stem)-\(highest + 1)\(type)"
  }

  /// The reports to remove from a folder holding `names` so that at most
  /// `keep` (at least 1) remain: the oldest, by name. Only `.scenario`
  /// files count; other names are never returned.
  public static func excess(_ names: [String], keep: Int) -> [String] {
    let reports = names.filter { $0.hasSuffix(suffix) }.sorted(by: older)
    let count = reports.count - max(1, keep)
    guard count > 0 else { return [] }
    return Array(reports.prefix(count))
  }

  /// Whether report `a` was written before report `b`: by name, and a name
  /// with `-N` after the same name without it.
  public static func older(_ a: String, _ b: String) -> Bool {
    let left = key(a)
    let right = key(b)
    if left.stem != right.stem { return left.stem < right.stem }
    return left.number < right.number
  }

  /// The name without `.scenario` and without a `-N` (N ≥ 2) ending, and N
  /// (1 without one).
  private static func key(_ name: String, type: String = suffix) -> (stem: Substring, number: Int) {
    var stem = Substring(name)
    if !type.isEmpty && stem.hasSuffix(type) { stem = stem.dropLast(type.utf8.count) }
    guard let dash = stem.lastIndex(of: "-") else { return (stem, 1) }
    let digits = stem[stem.index(after: dash)...]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      digits.first != "0", digits.utf8.count <= 9, let number = Int(digits), number >= 2
    else { return (stem, 1) }
    return (stem[..<dash], number)
  }
}
