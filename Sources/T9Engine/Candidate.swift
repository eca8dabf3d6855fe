/// One thing `*` can show for the keys typed: a dictionary word, a learned
/// or spelled word, the stem of longer words, a word with punctuation, or
/// punctuation alone. It refers to text in the dictionary or the learning
/// store, so making candidates allocates nothing.
public struct Candidate: Sendable, Hashable {
  /// Where the candidate's letters come from.
  public enum Source: Sendable, Hashable {
    /// A dictionary word, by its index.
    case dictionary(Int32)
    /// A word in the learning store, by slot.
    case learned(Int16)
    /// Punctuation alone (`.`, `,` …), by its place in the key-1 list.
    case punctuation(Int8)
  }

  /// Where the letters come from.
  public var source: Source
  /// How many scalars of the word to show (a stem shows fewer than the
  /// word has); 0 shows them all.
  public var stemLength: Int8
  /// A punctuation mark shown after the word (its place in the key-1 list),
  /// or -1.
  public var suffix: Int8
  /// How many times punctuation alone repeats (`...`).
  public var repeatCount: Int8
  /// How strongly it is preferred: the ranking weight.
  public var weight: Double

  /// Creates a candidate.
  public init(
    source: Source, stemLength: Int = 0, suffix: Int = -1, repeatCount: Int = 1, weight: Double
  ) {
    self.source = source
    self.stemLength = Int8(clamping: stemLength)
    self.suffix = Int8(clamping: suffix)
    self.repeatCount = Int8(clamping: repeatCount)
    self.weight = weight
  }

  /// Whether it is the stem of longer words rather than a whole word.
  public var isStem: Bool { stemLength > 0 }

  /// The punctuation key 1 types in T9, in `*` order: `.` first.
  public static let punctuation: [Unicode.Scalar] = [
    ".", ",", "?", "!", "'", "\"", "-", "(", ")", "@", "/", ":", ";",
  ]
}
