import ContactBook

/// The approach of a widely read iOS tutorial ("How to Implement T9 Search
/// in iOS", Toptal), re-implemented faithfully as the baseline: each contact
/// keeps ONE digit string — its name's letters mapped to keys, a space mapped
/// to 0, any other character (accented letters included) deleted — followed
/// by the digits of its phone number; every key press keeps the contacts of
/// a `Set` whose string `contains` the digits typed so far. A full scan of
/// the set, no ranking, no narrowing.
///
/// The tutorial's contact has one phone number, so only the first number is
/// used: a shorter string than t9phone searches, which favours the baseline.
struct TutorialContact: Hashable {
  let name: String
  let phoneNumber: String
  let t9String: String

  init(name: String, phoneNumber: String) {
    self.name = name
    self.phoneNumber = phoneNumber
    var digits = ""
    for character in name.lowercased() {
      if character == " " {
        digits.append("0")
      } else if let key = TutorialContact.keys[character] {
        digits.append(key)
      }
    }
    for character in phoneNumber where character.isASCII && character.isNumber {
      digits.append(character)
    }
    t9String = digits
  }

  private static let keys: [Character: Character] = {
    var keys: [Character: Character] = [:]
    let groups = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
    for (index, letters) in groups.enumerated() {
      for letter in letters { keys[letter] = Character(String(index + 2)) }
    }
    return keys
  }()
}

/// The tutorial's search state: the text typed and the filtered set.
struct TutorialSearch {
  let contacts: Set<TutorialContact>
  var query = ""
  var filtered: Set<TutorialContact> = []

  init(_ contacts: [Contact]) {
    self.contacts = Set(
      contacts.map { TutorialContact(name: $0.name, phoneNumber: $0.numbers.first?.text ?? "") })
  }

  /// One key press: the query grows and the whole set is filtered again.
  mutating func type(_ key: Character) {
    query.append(key)
    let typed = query
    filtered = contacts.filter { $0.t9String.contains(typed) }
  }

  mutating func clear() {
    query = ""
    filtered = []
  }
}
