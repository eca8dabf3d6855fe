/// A problem found while reading vCards: a card that was skipped, or text
/// that is not part of any card.
public struct VCardIssue: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the problem: the offending property (a `TEL` with
  /// letters, the `FN` of a name that is too long) when there is one,
  /// otherwise the card's `BEGIN:VCARD` line.
  public var line: Int
  /// The 1-based line of the skipped card's `BEGIN:VCARD`, or nil for text
  /// outside any card.
  public var cardLine: Int?
  /// The card's display name when it could be read, to tell the user which
  /// contact was skipped.
  public var name: String?
  /// What is wrong ("Name too long (45/40)", "Card has no END:VCARD").
  public var message: String

  /// Creates an issue.
  public init(line: Int, cardLine: Int?, name: String? = nil, message: String) {
    self.line = line
    self.cardLine = cardLine
    self.name = name
    self.message = message
  }

  /// "Line 12 (Ann Lee): Number has 'x': only 0-9 + * # p w".
  public var description: String {
    if let name { return "Line \(line) (\(name)): \(message)" }
    return "Line \(line): \(message)"
  }
}
