extension T9Dictionary {
  /// What validating one range of a dictionary's blocks found that
  /// `Opening.finish` needs: the first problem, the first and the last
  /// word (to check the order where ranges meet), and the range's first
  /// prefix of one, two and three keys with its words (the only prefix of
  /// each length the range before may share).
  struct RangeCheck {
    /// Whether `Opening.validate(range:)` has run for the range.
    var validated = false
    var problem: String?
    var problemBlock = Int.max
    var firstKeys = KeySequence()
    var firstScore = 0
    var lastKeys = KeySequence()
    var lastScore = 0
    /// Per length − 1: the prefix (a place in `shortRanges`, -1: none yet)
    /// and the bounds of its words in this range.
    var prefixes = InlineArray<3, Int>(repeating: -1)
    var lowers = InlineArray<3, UInt32>(repeating: 0)
    var uppers = InlineArray<3, UInt32>(repeating: 0)

    /// Whether a word (`keys`, `score`) may follow another in a
    /// dictionary: a later key sequence, or the same with no higher score.
    static func inOrder(
      _ keys: KeySequence, score: Int, after previousKeys: KeySequence, score previousScore: Int
    ) -> Bool {
      let order = KeySequence.compare(keys, previousKeys)
      return order > 0 || (order == 0 && score <= previousScore)
    }
  }
}
