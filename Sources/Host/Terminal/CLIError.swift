/// A user-facing error: printed as one line, exit status 2.
public struct CLIError: Error, CustomStringConvertible {
  /// The message, as printed after `Error:`.
  public let description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}
