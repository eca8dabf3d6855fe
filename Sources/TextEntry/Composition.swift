import T9Engine

/// A T9 word being composed: the keys typed, the candidate shown and where
/// it sits in the text. Fixed-size, so composing allocates nothing.
public struct Composition: Sendable {
  /// The keys typed for the word.
  public internal(set) var keys = KeySequence()
  /// Where the word starts in the field.
  public internal(set) var start: Int
  /// How many characters of the field it occupies.
  public internal(set) var length = 0
  /// The candidate shown.
  public internal(set) var candidate: Candidate?
  /// Which candidate of the list is shown (0: the first).
  public internal(set) var index = 0
  /// The hash of the word before it, for context; nil at a text's start.
  public internal(set) var previous: UInt64?
  /// The word shown before key 1 was added: the punctuated candidates
  /// (`hello.`) are made from it.
  public internal(set) var punctuationBase: Candidate?
  /// Whether its first letter is capitalised (a sentence start in Abc).
  public internal(set) var capitalized: Bool
  /// Whether it shows the next words offered after a space (`*` walks
  /// them, not its keys' candidates).
  public internal(set) var fromOffers = false
  /// The dictionary words of `keys` (the range the next key narrows). One
  /// range, not one per key: the composition is copied at every key, and
  /// `back` finds the shorter word's range again.
  var range = T9Range(lower: 0, upper: 0)

  init(start: Int, previous: UInt64?, capitalized: Bool) {
    self.start = start
    self.previous = previous
    self.capitalized = capitalized
  }
}
