/// A place in a scenario file, 1-based, for `file:line:col` messages.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file as named on the command line.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1 (counted in characters).
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:col`.
  public var description: String { "\(file):\(line):\(column)" }
}
