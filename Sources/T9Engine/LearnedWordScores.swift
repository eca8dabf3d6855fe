/// The dictionary score of each learned word, remembered by the learning
/// store's slot: ranking a stem asks for the score of every learned word
/// that extends the keys typed, at every key, and finding it means a range
/// search and decoding the letters of each word with those keys. A learned
/// word changes rarely; its score, never.
///
/// A fixed table chosen at start-up, one entry per slot modulo its size
/// (by default as many as the default store has records, 16 kB:
/// completions rank every learned word that extends the keys at every
/// key); an entry counts only for the same slot holding the same word (by
/// a 32-bit tag of the slot and the word's hash, as the predictor tells
/// words apart), so a slot reused for another word is looked up again. Two
/// pairs sharing an entry and a tag (one chance in 2³²) would share a
/// score: a ranking slightly off, nothing worse. Shared by copies of a
/// predictor, like the block cache: it only remembers what the dictionary
/// says.
public final class LearnedWordScores {
  /// Eight bytes: the table is resident for each language's predictor.
  private struct Entry {
    var tag: UInt32 = 0
    /// The word's score in the dictionary, `notInDictionary`, or `empty`.
    var score: Int32 = Entry.empty
    static let empty = Int32.min
    static let notInDictionary: Int32 = -1
  }

  // Only this class reaches the table, one access at a time: the run-time
  // exclusivity check on every look-up is skipped.
  @exclusivity(unchecked) private var entries: [Entry]

  /// A table of `capacity` entries (at least one).
  public init(capacity: Int = 2048) {
    entries = [Entry](repeating: Entry(), count: Swift.max(1, capacity))
  }

  /// How many entries the table has.
  public var capacity: Int { entries.count }

  /// The remembered score of the word with `hash` in learning slot `slot`:
  /// nil when not remembered, `.some(nil)` when the word is known not to
  /// be in the dictionary.
  public func score(slot: Int, hash: UInt64) -> Int?? {
    let entry = entries[slot % entries.count]
    guard entry.score != Entry.empty, entry.tag == LearnedWordScores.tag(slot, hash) else {
      return nil
    }
    return .some(entry.score == Entry.notInDictionary ? nil : Int(entry.score))
  }

  /// Remembers the score (nil: not in the dictionary) of the word with
  /// `hash` in slot `slot`, in place of whatever shared its entry.
  public func remember(slot: Int, hash: UInt64, score: Int?) {
    entries[slot % entries.count] = Entry(
      tag: LearnedWordScores.tag(slot, hash),
      score: score.map { Int32(clamping: $0) } ?? Entry.notInDictionary)
  }

  /// The slot and the word's hash folded into 32 bits.
  private static func tag(_ slot: Int, _ hash: UInt64) -> UInt32 {
    let mixed = hash ^ (UInt64(truncatingIfNeeded: slot) &* 0x9E37_79B9_7F4A_7C15)
    return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
  }
}
