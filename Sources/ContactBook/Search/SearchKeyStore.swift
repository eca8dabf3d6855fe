/// Every contact's key strings, packed in a `TextArena` of a size chosen
/// when the book is created: the name, nickname and organisation digits
/// with where tokens start, the character each name digit came from (for
/// highlighting), and each number's digits. The index matches the rare
/// contacts too long for its masks here, and highlighting reads the keys
/// from here without computing them again.
///
/// A contact's payload: the digit count, the name's digit count, the name's
/// token count, the digit count of each of the four numbers (0 for none),
/// then the digits (a token's first flagged with `startFlag`), the name
/// sources and the numbers' digits.
struct SearchKeyStore: Sendable {
  /// The most name, nickname and organisation digits a contact may have.
  static let maximumDigits = 240
  /// The most digits the name alone may have.
  static let maximumNameDigits = 96
  /// Where the counts are in a payload.
  static let countField = 0
  static let nameDigitsField = 1
  static let nameTokensField = 2
  static let numberLengthsField = 3
  /// Where the digits start in a payload.
  static let digitsOffset = numberLengthsField + Contact.maximumNumbers
  /// The most payload bytes a contact's keys can take.
  static let maximumKeyBytes =
    digitsOffset + maximumDigits + maximumNameDigits
    + Contact.maximumNumbers * PhoneNumber.maximumDialable
  /// The flag on a digit that starts a token.
  static let startFlag: UInt8 = 0x80

  /// The key strings.
  private(set) var text: TextArena

  /// An empty store for `capacity` slots with `textBytes` bytes of keys.
  init(capacity: Int, textBytes: Int) {
    text = TextArena(owners: capacity, capacity: textBytes)
  }

  /// The bytes reserved.
  var reservedBytes: Int { text.reservedBytes }

  /// Why `keys` are too long to search, or nil.
  static func problem(with keys: ContactKeys) -> String? {
    if keys.nameSources.count > maximumNameDigits { return "Name too long to search" }
    if keys.digits.count > maximumDigits { return "Name and keywords too long to search" }
    return nil
  }

  /// The payload bytes of `keys` (which are not too long, see
  /// `problem(with:)`).
  static func textBytes(of keys: ContactKeys) -> Int {
    var total = digitsOffset + keys.digits.count + keys.nameSources.count
    for number in keys.numbers.prefix(Contact.maximumNumbers) {
      total += Swift.min(number.count, PhoneNumber.maximumDialable)
    }
    return total
  }

  /// Whether `keys` fit in place of the keys of `slot`.
  func fits(_ keys: ContactKeys, in slot: Int) -> Bool {
    text.fits(SearchKeyStore.textBytes(of: keys), for: slot)
  }

  /// Writes `keys` (which fit, see `problem(with:)` and `fits`) for `slot`.
  /// Returns false, changing nothing, if they do not fit.
  @discardableResult
  mutating func store(_ keys: ContactKeys, in slot: Int) -> Bool {
    text.store(SearchKeyStore.textBytes(of: keys), for: slot) { payload in
      SearchKeyStore.write(keys, to: payload)
    }
  }

  /// Forgets the keys of `slot`.
  mutating func remove(_ slot: Int) { text.remove(slot) }

  /// Fills a payload of `textBytes(of: keys)` bytes.
  private static func write(_ keys: ContactKeys, to payload: UnsafeMutableBufferPointer<UInt8>) {
    payload[countField] = UInt8(truncatingIfNeeded: keys.digits.count)
    payload[nameDigitsField] = UInt8(truncatingIfNeeded: keys.nameSources.count)
    payload[nameTokensField] = UInt8(truncatingIfNeeded: keys.nameTokens)
    var position = digitsOffset
    for digit in keys.digits {
      payload[position] = digit
      position += 1
    }
    for start in keys.starts { payload[digitsOffset + start] |= startFlag }
    for source in keys.nameSources {
      payload[position] = UInt8(truncatingIfNeeded: source)
      position += 1
    }
    for (index, number) in keys.numbers.prefix(Contact.maximumNumbers).enumerated() {
      let digits = number.prefix(PhoneNumber.maximumDialable)
      payload[numberLengthsField + index] = UInt8(truncatingIfNeeded: digits.count)
      for digit in digits {
        payload[position] = digit
        position += 1
      }
    }
  }

  /// Calls `body` with the keys of `slot` (none for an empty slot).
  func withKeys<Result>(_ slot: Int, _ body: (StoredKeys) -> Result) -> Result {
    text.withText(slot) { payload in
      guard payload.isEmpty else { return body(StoredKeys(record: payload)) }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchKeyStore.digitsOffset) {
        none in
        none.initialize(repeating: 0)
        return body(StoredKeys(record: UnsafeBufferPointer(none)))
      }
    }
  }
}
