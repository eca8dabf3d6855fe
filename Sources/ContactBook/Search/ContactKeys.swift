/// A contact's key strings: the name's (then nickname's and organisation's)
/// digits with their token starts, and each number's digits.
struct ContactKeys: Sendable {
  /// The name, nickname and organisation digits, in that order.
  var digits: [UInt8]
  /// Where each token starts in `digits`.
  var starts: [Int]
  /// How many of the tokens are the name's (the rest are keywords).
  var nameTokens: Int
  /// Each number's digits (`*` as 10, `#` as 11).
  var numbers: [[UInt8]]
  /// For each name digit, the name character (grapheme index) it came from.
  var nameSources: [Int]

  /// The keys of `contact`, exactly as the matcher's rules define them.
  init(_ contact: Contact) {
    var keys = SearchKeys(contact.name)
    nameTokens = keys.tokenStarts.count
    nameSources = keys.sources
    let nameLength = contact.name.count
    keys.append(SearchKeys(contact.nickname), sourceOffset: nameLength)
    keys.append(
      SearchKeys(contact.organisation), sourceOffset: nameLength + contact.nickname.count)
    digits = keys.digits
    starts = keys.tokenStarts
    numbers = contact.numbers.map { $0.searchDigits.digits }
  }

  /// Whether the keys fit the index's 64-position masks: at most 64 name
  /// digits, numbers of 0–9 only, at most 64 positions for all numbers with
  /// one separator between two of them.
  var fitsMasks: Bool {
    guard digits.count <= SearchIndexLayout.width else { return false }
    var positions = -1
    for number in numbers where !number.isEmpty {
      if number.contains(where: { $0 > 9 }) { return false }
      positions += number.count + 1
    }
    return positions <= SearchIndexLayout.width
  }
}
