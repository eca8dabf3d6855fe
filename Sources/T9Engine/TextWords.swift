/// Splits running text into the words a T9 typist would type and says which
/// follow another word as context: words are runs of letters and
/// apostrophes (apostrophes around a word are quotation marks, not part of
/// it); a word follows the one before when only spaces or a single line
/// break (a paragraph wrapped in its file) are between them. Anything else —
/// punctuation, a blank line — starts afresh, as on the phone, where the
/// previous word counts only across spaces.
public struct TextWords {
  private var word: [Unicode.Scalar] = []
  private var previousEnded = false
  private var breaks = 0
  private var broken = true

  /// A splitter at the start of a text.
  public init() {}

  /// Feeds the text's scalars one at a time; `body` gets each word (its
  /// scalars) and whether it follows the word before.
  public mutating func add(
    _ scalar: Unicode.Scalar, _ body: (_ word: ArraySlice<Unicode.Scalar>, _ follows: Bool) -> Void
  ) {
    if KeyLayout.key(for: scalar) != nil {
      word.append(scalar)
      return
    }
    finish(body)
    switch scalar {
    case " ", "\t", "\r": break
    case "\n":
      breaks += 1
      if breaks > 1 { broken = true }
    default: broken = true
    }
  }

  /// Ends the text (its last word).
  public mutating func finish(
    _ body: (_ word: ArraySlice<Unicode.Scalar>, _ follows: Bool) -> Void
  ) {
    defer { word.removeAll(keepingCapacity: true) }
    var letters = word[...]
    var leading = false
    while letters.first == "'" || letters.first == "’" {
      letters = letters.dropFirst()
      leading = true
    }
    var trailing = false
    while letters.last == "'" || letters.last == "’" {
      letters = letters.dropLast()
      trailing = true
    }
    if word.isEmpty { return }
    if leading { broken = true }
    if !letters.isEmpty { body(letters, !broken) }
    broken = letters.isEmpty || trailing
    breaks = 0
  }
}
