/// Text decoded from a legacy charset, and how many invalid byte sequences
/// had to be replaced by U+FFFD on the way.
public struct DecodedText: Sendable, Hashable {
  /// The text.
  public var text: String
  /// How many invalid sequences became U+FFFD (0 when the bytes were valid).
  public var replaced: Int

  /// Creates decoded text.
  public init(_ text: String, replaced: Int = 0) {
    self.text = text
    self.replaced = replaced
  }
}
