/// The dictionary score of each learned word, remembered by the learning
/// store's slot: ranking a stem asks for the score of every learned word
/// that extends the keys typed, at every key, and finding it means a range
/// search and decoding the letters of each word with those keys. A learned
/// word changes rarely; its score, never.
///
/// A fixed table chosen at start-up, one entry per slot modulo its size
/// (by default as many as the default store has records, 32 kB: completions
/// rank every learned word that extends the keys at every key);
/// an entry counts only for the same slot holding the same word (by its
/// hash, as the predictor tells words apart), so a slot reused for another
/// word is looked up again. Shared by copies of a predictor, like the
/// block cache: it only remembers what the dictionary says.
public final class LearnedWordScores {
  private struct Entry {
    var slot: Int32 = -1
    /// The word's score in the dictionary, or -1 when it is not there.
    var score: Int32 = -1
    var hash: UInt64 = 0
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
    guard entry.slot == Int32(truncatingIfNeeded: slot), entry.hash == hash else { return nil }
    return .some(entry.score < 0 ? nil : Int(entry.score))
  }

  /// Remembers the score (nil: not in the dictionary) of the word with
  /// `hash` in slot `slot`, in place of whatever shared its entry.
  public func remember(slot: Int, hash: UInt64, score: Int?) {
    entries[slot % entries.count] = Entry(
      slot: Int32(truncatingIfNeeded: slot),
      score: score.map { Int32(truncatingIfNeeded: $0) } ?? -1, hash: hash)
  }
}
