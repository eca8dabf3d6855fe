/// What the predictor offers beyond the words of the keys typed: the
/// completion of a longer word, and the next word after a space; how many
/// of each, and how much the static pair table counts.
public struct OfferSettings: Sendable, Hashable {
  /// Whether longer words that begin with the keys typed are offered.
  public var completion: Bool
  /// Whether words are offered after a word and a space.
  public var nextWords: Bool
  /// The most completions offered for one key sequence.
  public var completionLimit: Int
  /// The most next words offered.
  public var nextWordLimit: Int
  /// How much a longer word's probability after the previous word (from
  /// the pair table) adds to its dictionary probability when completions
  /// are ranked.
  public var pairWeight: Double

  /// Offer settings (the defaults: see docs/t9.md, "Completion and the
  /// next word").
  public init(
    completion: Bool = true, nextWords: Bool = true, completionLimit: Int = 3,
    nextWordLimit: Int = 3, pairWeight: Double = 0.01
  ) {
    self.completion = completion
    self.nextWords = nextWords
    self.completionLimit = completionLimit
    self.nextWordLimit = nextWordLimit
    self.pairWeight = pairWeight
  }

  /// Nothing offered beyond the words of the keys typed.
  public static let none = OfferSettings(completion: false, nextWords: false)
}
