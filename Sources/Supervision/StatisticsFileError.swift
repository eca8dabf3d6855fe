/// A statistics file (`statistics.prom`) that does not parse: where and
/// why. The file is then set aside or refused, never trusted.
public struct StatisticsFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as given to the parser.
  public var file: String
  /// The 1-based line of the problem.
  public var line: Int
  /// The 1-based column (in bytes) of the problem.
  public var column: Int
  /// What is wrong, without the location.
  public var reason: String

  /// Creates an error.
  public init(_ reason: String, file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// `file:line:col: error: reason`, the form compilers use.
  public var description: String { "\(file):\(line):\(column): error: \(reason)" }
}
