/// Something in an evemu recording that is read as evemu reads it but not
/// as it is written: a line skipped, an event replayed at once, the end of
/// the replay before the end of the file.
public struct EvemuWarning: Sendable, Hashable, CustomStringConvertible {
  /// The file, as named by whoever opened it.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// What happened, without the location.
  public var reason: String

  /// Creates a warning.
  public init(file: String, line: Int, _ reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `file:line: warning: reason`, the form compilers use.
  public var message: String { "\(file):\(line): warning: \(reason)" }

  /// The same as ``message``.
  public var description: String { message }
}
