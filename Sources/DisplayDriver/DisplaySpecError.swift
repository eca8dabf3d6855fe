/// A `--display` value that cannot be used, and why.
public struct DisplaySpecError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, with what would be accepted.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
