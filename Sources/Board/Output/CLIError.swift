import StateStorage

/// A user-facing error of a command: one line on stderr (`t9phone: error:
/// …`, or as it is when it already says `file:line: error:`), exit status 2.
public struct CLIError: Error, CustomStringConvertible {
  /// The line to print.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }

  /// What `body` returns, a storage error turned into this one.
  public static func storage<Value>(_ body: () throws(StorageError) -> Value) throws(CLIError)
    -> Value
  {
    do { return try body() } catch { throw CLIError(error.description) }
  }
}
