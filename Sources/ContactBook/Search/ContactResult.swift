/// One contact found by a T9 search, with what matched.
public struct ContactResult: Sendable, Hashable {
  /// The contact's slot in the book.
  public var slot: Int
  /// How it matched.
  public var matchClass: MatchClass
  /// The number shown: the matched one, or the first for name matches (nil
  /// when the contact has none).
  public var numberIndex: Int?
  /// Whether the highlight is in the number (a number match) rather than the
  /// name.
  public var highlightsNumber: Bool
  /// The matched characters (grapheme indices) of the name, or of the
  /// number's text for number matches.
  public var highlighted: Highlight

  /// Creates a result.
  public init(
    slot: Int, matchClass: MatchClass, numberIndex: Int?, highlightsNumber: Bool,
    highlighted: Highlight
  ) {
    self.slot = slot
    self.matchClass = matchClass
    self.numberIndex = numberIndex
    self.highlightsNumber = highlightsNumber
    self.highlighted = highlighted
  }

  /// `text` with each run of highlighted characters in square brackets:
  /// `[Jo]hn [S]mith`.
  public func bracketed(_ text: String) -> String {
    var result = ""
    var open = false
    for (index, character) in text.enumerated() {
      let isMarked = highlighted.contains(index)
      if isMarked && !open { result += "[" }
      if !isMarked && open { result += "]" }
      open = isMarked
      result.append(character)
    }
    if open { result += "]" }
    return result
  }
}
