/// Why a line of `t9 suggest`'s input was refused.
public struct SuggestError: Error, Sendable, Hashable {
  /// What is wrong.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
}
