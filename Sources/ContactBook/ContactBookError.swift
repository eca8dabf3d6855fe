/// Why the book refused a change; the book is unchanged.
public struct ContactBookError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message shown to the user ("Contacts full (1000/1000)").
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
