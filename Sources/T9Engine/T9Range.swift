/// A run of consecutive words in a dictionary, by index: the words whose key
/// sequence starts with the keys typed.
public struct T9Range: Sendable, Hashable {
  /// The first word.
  public var lower: Int
  /// One past the last word.
  public var upper: Int

  /// Creates a range.
  public init(lower: Int, upper: Int) {
    self.lower = lower
    self.upper = upper
  }

  /// Whether no word is in it.
  public var isEmpty: Bool { lower >= upper }

  /// How many words are in it.
  public var count: Int { Swift.max(0, upper - lower) }
}
