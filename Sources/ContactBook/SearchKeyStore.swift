/// Every contact's key strings in fixed-size records reserved for the
/// book's capacity: the name, nickname and organisation digits with where
/// tokens start, the character each name digit came from (for
/// highlighting), and each number's digits. The index matches the rare
/// contacts too long for its masks here, and highlighting reads the keys
/// from here without computing them again.
struct SearchKeyStore: Sendable {
  /// The most name, nickname and organisation digits a contact may have.
  static let maximumDigits = 240
  /// The most digits the name alone may have.
  static let maximumNameDigits = 96
  /// Bytes per record: counts, digits, name sources, number digits.
  static let stride = 8 + maximumDigits + maximumNameDigits + numberDigitsStride
  private static let numberDigitsStride = Contact.maximumNumbers * PhoneNumber.maximumDialable
  static let digitsOffset = 8
  static let sourcesOffset = digitsOffset + maximumDigits
  static let numbersOffset = sourcesOffset + maximumNameDigits
  /// The flag on a digit that starts a token.
  static let startFlag: UInt8 = 0x80

  private var bytes: [UInt8]

  /// An empty store of `capacity` records.
  init(capacity: Int) {
    bytes = [UInt8](repeating: 0, count: capacity * SearchKeyStore.stride)
  }

  /// The bytes reserved.
  var reservedBytes: Int { bytes.count }

  /// Why `keys` do not fit a record, or nil.
  static func problem(with keys: ContactKeys) -> String? {
    if keys.nameSources.count > maximumNameDigits { return "Name too long to search" }
    if keys.digits.count > maximumDigits { return "Name and keywords too long to search" }
    return nil
  }

  /// Writes `keys` (which fit, see `problem(with:)`) into `slot`.
  mutating func store(_ keys: ContactKeys, in slot: Int) {
    let base = slot * SearchKeyStore.stride
    for index in base..<(base + SearchKeyStore.stride) { bytes[index] = 0 }
    bytes[base] = UInt8(truncatingIfNeeded: keys.digits.count)
    bytes[base + 1] = UInt8(truncatingIfNeeded: keys.nameSources.count)
    bytes[base + 3] = UInt8(truncatingIfNeeded: keys.nameTokens)
    for (position, digit) in keys.digits.enumerated() {
      bytes[base + SearchKeyStore.digitsOffset + position] = digit
    }
    for start in keys.starts {
      bytes[base + SearchKeyStore.digitsOffset + start] |= SearchKeyStore.startFlag
    }
    for (position, source) in keys.nameSources.enumerated() {
      bytes[base + SearchKeyStore.sourcesOffset + position] = UInt8(truncatingIfNeeded: source)
    }
    for (index, number) in keys.numbers.prefix(Contact.maximumNumbers).enumerated() {
      bytes[base + 4 + index] = UInt8(truncatingIfNeeded: number.count)
      let offset = base + SearchKeyStore.numbersOffset + index * PhoneNumber.maximumDialable
      for (position, digit) in number.prefix(PhoneNumber.maximumDialable).enumerated() {
        bytes[offset + position] = digit
      }
    }
  }

  /// Calls `body` with the keys of `slot`.
  func withKeys<Result>(_ slot: Int, _ body: (StoredKeys) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { buffer in
      let base = slot * SearchKeyStore.stride
      return body(
        StoredKeys(
          record: UnsafeBufferPointer(rebasing: buffer[base..<(base + SearchKeyStore.stride)])))
    }
  }
}
