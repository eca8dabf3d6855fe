/// One sample line of the Prometheus text format split into its parts,
/// with the column of each for error messages: what
/// `FieldStatistics(parsing:file:)` reads.
///
/// The grammar is the format's, without timestamps: a metric name, an
/// optional `{name="value",…}` label set (escapes `\\`, `\"`, `\n`),
/// blanks, the value. Blank lines and `#` comments are not samples.
struct PrometheusLine {
  /// The metric name.
  var name: String
  /// The labels in order, with the column of each name.
  var labels: [(name: String, value: String, column: Int)]
  /// The value as written.
  var value: String
  /// The column where the value starts.
  var valueColumn: Int

  /// The sample on `bytes` (line `line` of `file`), nil for a blank line or
  /// a comment, or the first thing that is wrong with it.
  static func parse(
    _ bytes: ArraySlice<UInt8>, line: Int, file: String
  ) throws(StatisticsFileError) -> PrometheusLine? {
    var scanner = PrometheusLineScanner(bytes: Array(bytes), line: line, file: file)
    scanner.skipBlanks()
    guard let first = scanner.peek, first != UInt8(ascii: "#") else { return nil }
    let name = try scanner.name(colons: true, what: "a metric name")
    var labels: [(name: String, value: String, column: Int)] = []
    scanner.skipBlanks()
    if scanner.peek == UInt8(ascii: "{") {
      scanner.advance()
      while true {
        scanner.skipBlanks()
        if scanner.peek == UInt8(ascii: "}") { break }
        let column = scanner.column
        let label = try scanner.name(colons: false, what: "a label name")
        if labels.contains(where: { $0.name == label }) {
          throw scanner.error("duplicate label '\(label)'", at: column)
        }
        scanner.skipBlanks()
        try scanner.expect(UInt8(ascii: "="), "'=' after the label name")
        scanner.skipBlanks()
        labels.append((label, try scanner.quoted(), column))
        scanner.skipBlanks()
        if scanner.peek == UInt8(ascii: ",") {
          scanner.advance()
          continue
        }
        guard scanner.peek == UInt8(ascii: "}") else {
          throw scanner.error("expected ',' or '}' after the label value")
        }
      }
      scanner.advance()
      scanner.skipBlanks()
    }
    guard !scanner.atEnd else { throw scanner.error("expected a value after the metric") }
    guard scanner.skippedBlank else { throw scanner.error("expected a space before the value") }
    let valueColumn = scanner.column
    let value = scanner.token()
    scanner.skipBlanks()
    guard scanner.atEnd else { throw scanner.error("unexpected text after the value") }
    return PrometheusLine(name: name, labels: labels, value: value, valueColumn: valueColumn)
  }

  /// Whether `text` is a number the format accepts: decimal digits with an
  /// optional sign, point and exponent, or `NaN`, `Inf`, `+Inf`, `-Inf`.
  static func isNumber(_ text: String) -> Bool {
    switch text {
    case "NaN", "Inf", "+Inf", "-Inf": return true
    default: break
    }
    var digits = 0
    var exponent = false
    var previous: UInt8 = 0
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard index == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
        else { return false }
      case UInt8(ascii: "."): guard !exponent else { return false }
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard digits > 0, !exponent else { return false }
        exponent = true
      default: return false
      }
      previous = byte
    }
    return digits > 0 && previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E")
      && previous != UInt8(ascii: "+") && previous != UInt8(ascii: "-")
  }
}
