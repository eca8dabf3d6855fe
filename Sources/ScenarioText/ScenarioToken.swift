/// A word or a quoted string on a scenario line, with its column.
public struct ScenarioToken: Sendable, Hashable {
  /// The text (unescaped, for quoted strings).
  public var text: String
  /// The 1-based column where it starts.
  public var column: Int
  /// Whether it was written in double quotes.
  public var quoted: Bool

  /// A token `text` at `column`, `quoted` or not.
  public init(text: String, column: Int, quoted: Bool) {
    self.text = text
    self.column = column
    self.quoted = quoted
  }
}
