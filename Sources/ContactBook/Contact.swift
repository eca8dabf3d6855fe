/// A person in the book.
public struct Contact: Sendable, Hashable {
  /// The most characters a name (and a nickname or organisation) may have.
  public static let maximumName = 40
  /// The most numbers a contact may have.
  public static let maximumNumbers = 4

  /// The display name (any script).
  public var name: String
  /// Up to four numbers.
  public var numbers: [PhoneNumber]
  /// A nickname, searched as extra tokens after the name.
  public var nickname: String
  /// An organisation, searched like the nickname.
  public var organisation: String
  /// Starred contacts rank first among equal matches.
  public var starred: Bool
  /// How often the contact was called.
  public var timesUsed: Int
  /// When the contact was last called (seconds since 1970; 0: never).
  public var lastUsed: Int64

  /// Creates a contact.
  public init(
    name: String, numbers: [PhoneNumber] = [], nickname: String = "", organisation: String = "",
    starred: Bool = false, timesUsed: Int = 0, lastUsed: Int64 = 0
  ) {
    self.name = name
    self.numbers = numbers
    self.nickname = nickname
    self.organisation = organisation
    self.starred = starred
    self.timesUsed = timesUsed
    self.lastUsed = lastUsed
  }

  /// Why the contact is refused (a field over its limit), or nil.
  public var problem: String? {
    let nameLength = name.count
    if name.allSatisfy({ $0.isWhitespace }) { return "Name is empty" }
    if nameLength > Contact.maximumName {
      return "Name too long (\(nameLength)/\(Contact.maximumName))"
    }
    if nickname.count > Contact.maximumName { return "Nickname too long (\(nickname.count)/40)" }
    if organisation.count > Contact.maximumName {
      return "Organisation too long (\(organisation.count)/40)"
    }
    if numbers.count > Contact.maximumNumbers {
      return "Too many numbers (\(numbers.count)/\(Contact.maximumNumbers))"
    }
    for number in numbers {
      if let problem = number.problem { return problem }
    }
    // What the book's fixed records and key store can hold.
    if let problem = BookRecord.problem(with: self) { return problem }
    return SearchKeyStore.problem(with: ContactKeys(self))
  }
}
