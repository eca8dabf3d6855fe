/// Why a store could not be read or written, as the one line the user
/// sees: `path: No space left on device`, or a store's own refusal.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
