/// A problem found while reading vCards: a card that was skipped, a card
/// that had to change to be kept, or text that is not part of any card.
public struct VCardIssue: Sendable, Hashable, CustomStringConvertible {
  /// What the issue means for the card.
  public enum Kind: Sendable, Hashable {
    /// The card was not imported: it has neither a name nor a number.
    case skippedCard
    /// The card was imported, changed to fit: something cut or dropped,
    /// named after its number, a charset guessed.
    case changed
    /// Text outside any card.
    case strayText
  }

  /// The 1-based line of the problem: the property concerned (the `TEL` not
  /// kept, the `FN` of a name that was cut) when there is one, otherwise the
  /// card's `BEGIN:VCARD` line.
  public var line: Int
  /// The 1-based line of the card's `BEGIN:VCARD`, or nil for text outside
  /// any card.
  public var cardLine: Int?
  /// The card's display name when it could be read, to tell the user which
  /// contact it is.
  public var name: String?
  /// What happened ("number 555 0101 (home) not kept: …").
  public var message: String
  /// Skipped, changed or stray.
  public var kind: Kind

  /// Creates an issue.
  public init(
    line: Int, cardLine: Int?, name: String? = nil, message: String, kind: Kind = .skippedCard
  ) {
    self.line = line
    self.cardLine = cardLine
    self.name = name
    self.message = message
    self.kind = kind
  }

  /// "Line 12 (Ann Lee): number 555 0101 (home) not kept: …".
  public var description: String {
    if let name { return "Line \(line) (\(name)): \(message)" }
    return "Line \(line): \(message)"
  }
}
