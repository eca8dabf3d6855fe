/// The contacts of a book in fixed-size records, one per slot, reserved for
/// the book's capacity when it is created: adding, editing and deleting a
/// contact writes into its record, so the book's storage never grows past
/// what it reserved (and reading a record for a search allocates nothing).
///
/// A record holds what the book file holds (the same byte limits as
/// `BookRecord`): state, starred, insertion order, times used, last used,
/// the name, nickname and organisation as length-prefixed UTF-8, and up to
/// four numbers (label, length, ASCII text).
struct ContactTable: Sendable {
  /// Bytes per record.
  static let stride = 632
  private static let stateOffset = 0
  private static let starredOffset = 1
  private static let numberCountOffset = 2
  private static let orderOffset = 4
  private static let timesUsedOffset = 8
  private static let lastUsedOffset = 16
  private static let nameOffset = 24
  private static let nicknameOffset = nameOffset + 1 + BookRecord.nameBytes
  private static let organisationOffset = nicknameOffset + 1 + BookRecord.keywordBytes
  private static let numbersOffset = organisationOffset + 1 + BookRecord.keywordBytes
  private static let numberStride = 2 + BookRecord.numberBytes

  /// Slots.
  let capacity: Int
  private var bytes: [UInt8]

  /// An empty table of `capacity` records.
  init(capacity: Int) {
    self.capacity = capacity
    bytes = [UInt8](repeating: 0, count: capacity * ContactTable.stride)
  }

  /// The bytes reserved.
  var reservedBytes: Int { bytes.count }

  // MARK: - Records

  /// Whether `slot` holds a contact.
  func isUsed(_ slot: Int) -> Bool {
    bytes[slot * ContactTable.stride + ContactTable.stateOffset] != 0
  }

  /// Writes `contact` (which fits: see `Contact.problem`) into `slot`.
  mutating func store(_ contact: Contact, order: Int, in slot: Int) {
    let base = slot * ContactTable.stride
    bytes[base + ContactTable.stateOffset] = 1
    bytes[base + ContactTable.starredOffset] = contact.starred ? 1 : 0
    let numbers = Swift.min(contact.numbers.count, Contact.maximumNumbers)
    bytes[base + ContactTable.numberCountOffset] = UInt8(numbers)
    put(UInt64(truncatingIfNeeded: order), 4, at: base + ContactTable.orderOffset)
    setUse(slot, times: contact.timesUsed, last: contact.lastUsed)
    putText(contact.name.utf8, BookRecord.nameBytes, at: base + ContactTable.nameOffset)
    putText(contact.nickname.utf8, BookRecord.keywordBytes, at: base + ContactTable.nicknameOffset)
    putText(
      contact.organisation.utf8, BookRecord.keywordBytes, at: base + ContactTable.organisationOffset
    )
    for index in 0..<Contact.maximumNumbers {
      let offset = base + ContactTable.numbersOffset + index * ContactTable.numberStride
      if index < numbers {
        let number = contact.numbers[index]
        bytes[offset] = UInt8(PhoneNumber.Label.allCases.firstIndex(of: number.label) ?? 3)
        putText(number.text.utf8, BookRecord.numberBytes, at: offset + 1)
      } else {
        bytes[offset] = 0
        bytes[offset + 1] = 0
      }
    }
  }

  /// Empties `slot`.
  mutating func clear(_ slot: Int) {
    let base = slot * ContactTable.stride
    for index in base..<(base + ContactTable.stride) { bytes[index] = 0 }
  }

  /// Sets the use counts of `slot`.
  mutating func setUse(_ slot: Int, times: Int, last: Int64) {
    let base = slot * ContactTable.stride
    put(UInt64(truncatingIfNeeded: times), 8, at: base + ContactTable.timesUsedOffset)
    put(UInt64(bitPattern: last), 8, at: base + ContactTable.lastUsedOffset)
  }

  /// The contact in `slot` as a value (allocates its strings).
  func contact(at slot: Int) -> Contact? {
    guard isUsed(slot) else { return nil }
    var numbers: [PhoneNumber] = []
    for index in 0..<numberCount(slot) {
      let label = PhoneNumber.Label.allCases[Swift.min(3, Int(numberLabel(slot, index)))]
      numbers.append(
        PhoneNumber(
          withNumberText(slot, index) { String(decoding: $0, as: UTF8.self) }, label: label))
    }
    return Contact(
      name: withName(slot) { String(decoding: $0, as: UTF8.self) }, numbers: numbers,
      nickname: withText(slot, ContactTable.nicknameOffset) { String(decoding: $0, as: UTF8.self) },
      organisation: withText(slot, ContactTable.organisationOffset) {
        String(decoding: $0, as: UTF8.self)
      },
      starred: starred(slot), timesUsed: timesUsed(slot), lastUsed: lastUsed(slot))
  }

  /// Whether the contact in `slot` is starred.
  func starred(_ slot: Int) -> Bool {
    bytes[slot * ContactTable.stride + ContactTable.starredOffset] != 0
  }

  /// The insertion order of `slot`.
  func order(_ slot: Int) -> Int {
    Int(read(4, at: slot * ContactTable.stride + ContactTable.orderOffset))
  }

  /// How often the contact in `slot` was called.
  func timesUsed(_ slot: Int) -> Int {
    Int(truncatingIfNeeded: read(8, at: slot * ContactTable.stride + ContactTable.timesUsedOffset))
  }

  /// When the contact in `slot` was last called.
  func lastUsed(_ slot: Int) -> Int64 {
    Int64(bitPattern: read(8, at: slot * ContactTable.stride + ContactTable.lastUsedOffset))
  }

  /// How many numbers the contact in `slot` has.
  func numberCount(_ slot: Int) -> Int {
    Int(bytes[slot * ContactTable.stride + ContactTable.numberCountOffset])
  }

  /// The label index of number `index` of `slot`.
  func numberLabel(_ slot: Int, _ index: Int) -> UInt8 {
    bytes[
      slot * ContactTable.stride + ContactTable.numbersOffset + index * ContactTable.numberStride]
  }

  /// Calls `body` with the UTF-8 of the name in `slot`.
  func withName<Result>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withText(slot, ContactTable.nameOffset, body)
  }

  /// Calls `body` with the ASCII text of number `index` of `slot`.
  func withNumberText<Result>(
    _ slot: Int, _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withText(slot, ContactTable.numbersOffset + index * ContactTable.numberStride + 1, body)
  }

  /// Compares the names of two slots in folded order (accents folded as for
  /// T9, lowercase, then by scalar value): negative, zero or positive.
  func compareNames(_ left: Int, _ right: Int) -> Int {
    withName(left) { a in
      withName(right) { b in
        var first = FoldedScalars(a)
        var second = FoldedScalars(b)
        while true {
          switch (first.next(), second.next()) {
          case (nil, nil): return 0
          case (nil, _): return -1
          case (_, nil): return 1
          case (let x?, let y?) where x != y: return x.value < y.value ? -1 : 1
          default: continue
          }
        }
      }
    }
  }

  // MARK: - Bytes

  private func withText<Result>(
    _ slot: Int, _ offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let start = slot * ContactTable.stride + offset
    let length = Int(bytes[start])
    return bytes.withUnsafeBufferPointer { buffer in
      body(UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(start + 1 + length)]))
    }
  }

  private mutating func putText(_ text: String.UTF8View, _ limit: Int, at offset: Int) {
    var length = 0
    for byte in text.prefix(limit) {
      bytes[offset + 1 + length] = byte
      length += 1
    }
    bytes[offset] = UInt8(length)
  }

  private mutating func put(_ value: UInt64, _ count: Int, at offset: Int) {
    for index in 0..<count {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
    }
  }

  private func read(_ count: Int, at offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}
