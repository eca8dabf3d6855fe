/// Why a saved learning store was refused.
public struct UserDictionaryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as named by whoever opened it.
  public var file: String
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(file: String, _ message: String) {
    self.file = file
    self.message = message
  }

  /// `file: error: message`.
  public var description: String { "\(file): error: \(message)" }
}
