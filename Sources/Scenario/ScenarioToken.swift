/// A word or a quoted string on a scenario line, with its column.
struct ScenarioToken: Sendable, Hashable {
  /// The text (unescaped, for quoted strings).
  var text: String
  /// The 1-based column where it starts.
  var column: Int
  /// Whether it was written in double quotes.
  var quoted: Bool
}
