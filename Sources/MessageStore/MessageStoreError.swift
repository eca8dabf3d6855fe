/// Why a message file could not be opened.
public struct MessageStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, naming the file.
  public let description: String

  /// An error that says `description`.
  public init(_ description: String) { self.description = description }
}
