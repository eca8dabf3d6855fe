/// An evemu recording that does not parse: which line, and why.
public struct EvemuError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as named by whoever opened it.
  public var file: String
  /// The 1-based line the problem is on.
  public var line: Int
  /// What is wrong, without the location.
  public var reason: String

  /// Creates an error.
  public init(file: String, line: Int, _ reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `file:line: error: reason`, the form compilers use.
  public var message: String { "\(file):\(line): error: \(reason)" }

  /// The same as ``message``.
  public var description: String { message }
}
