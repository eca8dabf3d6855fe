/// What `VCardReader.read` found: the contacts that can be stored, in file
/// order, and why the other cards were skipped.
public struct VCardReadResult: Sendable, Hashable {
  /// The contacts read, in file order; each passes `Contact.problem`.
  public var contacts: [Contact]
  /// The cards skipped and the stray text, in file order.
  public var issues: [VCardIssue]

  /// Creates a result.
  public init(contacts: [Contact] = [], issues: [VCardIssue] = []) {
    self.contacts = contacts
    self.issues = issues
  }
}
