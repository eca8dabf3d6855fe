/// Why a dictionary file or source list was refused.
public struct T9DictionaryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as named by whoever opened it.
  public var file: String
  /// The line of a source list, when the problem is on one.
  public var line: Int?
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int? = nil, _ message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file: error: message` or `file:line: error: message`.
  public var description: String {
    if let line { return "\(file):\(line): error: \(message)" }
    return "\(file): error: \(message)"
  }
}
