/// What `VCardReader.read` found: the contacts, in file order, each cut to
/// fit the book, and the issues — what was changed to keep a card, cards
/// skipped, stray text.
public struct VCardReadResult: Sendable, Hashable {
  /// The contacts read, in file order (a nested card after the card that
  /// holds it); each passes `Contact.problem`.
  public var contacts: [Contact]
  /// The issues, in file order.
  public var issues: [VCardIssue]

  /// Creates a result.
  public init(contacts: [Contact] = [], issues: [VCardIssue] = []) {
    self.contacts = contacts
    self.issues = issues
  }

  /// How many cards were not imported.
  public var skippedCards: Int { issues.filter { $0.kind == .skippedCard }.count }
}
