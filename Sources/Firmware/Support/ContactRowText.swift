import ContactBook

/// How contacts and their numbers read on one row of glass.
enum ContactRowText {
  /// A result: the name (or, for a number match, the number) with each
  /// matched run in brackets.
  static func shown(_ result: ContactResult, _ contact: Contact) -> String {
    if result.highlightsNumber, let index = result.numberIndex {
      return result.bracketed(contact.numbers[index].text)
    }
    return result.bracketed(contact.name)
  }

  /// The one-letter label before a number on a contact's card.
  static func labelLetter(_ label: PhoneNumber.Label) -> String {
    switch label {
    case .mobile: "M"
    case .home: "H"
    case .work: "W"
    case .other: "O"
    }
  }
}
