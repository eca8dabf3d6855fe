/// The contacts of a book in fixed-size records, one per slot, reserved for
/// the book's capacity when it is created: adding, editing and deleting a
/// contact writes into its record, so the book's storage never grows past
/// what it reserved (and reading a record for a search allocates nothing).
///
/// A record holds what the book file holds (the same byte limits as
/// `BookRecord`): state, starred, insertion order, times used, last used,
/// the name, nickname and organisation as length-prefixed UTF-8, and up to
/// four numbers (label, length, ASCII text).
/// The contacts of a book: a small fixed-size record per slot, reserved for
/// the book's capacity when it is created, and the contacts' text packed in
/// a `TextArena` of a size also chosen then. Adding, editing and deleting a
/// contact writes into that storage, so it never grows past what it
/// reserved (and reading a contact for a search allocates nothing).
///
/// A record holds state, starred, insertion order, times used and last
/// used. The text (within the byte limits of `BookRecord`) is one payload
/// in the arena: the lengths of the name, nickname and organisation, the
/// number count, each number's label and length, then the name, nickname
/// and organisation as UTF-8 and the numbers' ASCII text.
struct ContactTable: Sendable {
  /// Bytes per record.
  static let stride = 22
  private static let stateOffset = 0
  private static let starredOffset = 1
  private static let orderOffset = 2
  private static let timesUsedOffset = 6
  private static let lastUsedOffset = 14
  /// Where the payload's fields are: three text lengths, the number count,
  /// then a label and a length per number.
  private static let nicknameLength = 1
  private static let organisationLength = 2
  private static let numberCountField = 3
  private static let numbersField = 4

  /// The most payload bytes a contact can take: the longest name, nickname,
  /// organisation and four numbers, with their lengths.
  static let maximumTextBytes =
    numbersField + Contact.maximumNumbers * (2 + BookRecord.numberBytes) + BookRecord.nameBytes
    + 2 * BookRecord.keywordBytes

  /// Slots.
  let capacity: Int
  private var bytes: [UInt8]
  /// The contacts' text.
  private(set) var text: TextArena

  /// An empty table of `capacity` records and `textBytes` bytes of text.
  init(capacity: Int, textBytes: Int) {
    self.capacity = capacity
    bytes = [UInt8](repeating: 0, count: capacity * ContactTable.stride)
    text = TextArena(owners: capacity, capacity: textBytes)
  }

  /// The bytes reserved: records, text and its offsets.
  var reservedBytes: Int { bytes.count + text.reservedBytes }

  // MARK: - Records

  /// Whether `slot` holds a contact.
  func isUsed(_ slot: Int) -> Bool {
    bytes[slot * ContactTable.stride + ContactTable.stateOffset] != 0
  }

  /// The payload bytes of `contact`'s text (which fits the record limits:
  /// see `Contact.problem`).
  static func textBytes(of contact: Contact) -> Int {
    var total = numbersField + 2 * Swift.min(contact.numbers.count, Contact.maximumNumbers)
    total += Swift.min(contact.name.utf8.count, BookRecord.nameBytes)
    total += Swift.min(contact.nickname.utf8.count, BookRecord.keywordBytes)
    total += Swift.min(contact.organisation.utf8.count, BookRecord.keywordBytes)
    for number in contact.numbers.prefix(Contact.maximumNumbers) {
      total += Swift.min(number.text.utf8.count, BookRecord.numberBytes)
    }
    return total
  }

  /// Whether the text of `contact` fits the arena in `slot`, in place of
  /// the text there.
  func fits(_ contact: Contact, in slot: Int) -> Bool {
    text.fits(ContactTable.textBytes(of: contact), for: slot)
  }

  /// Writes `contact` (which fits: see `Contact.problem` and `fits`) into
  /// `slot`. Returns false, changing nothing, if its text does not fit.
  @discardableResult
  mutating func store(_ contact: Contact, order: Int, in slot: Int) -> Bool {
    let stored = text.store(ContactTable.textBytes(of: contact), for: slot) { payload in
      ContactTable.write(contact, to: payload)
    }
    guard stored else { return false }
    let base = slot * ContactTable.stride
    bytes[base + ContactTable.stateOffset] = 1
    bytes[base + ContactTable.starredOffset] = contact.starred ? 1 : 0
    put(UInt64(truncatingIfNeeded: order), 4, at: base + ContactTable.orderOffset)
    setUse(slot, times: contact.timesUsed, last: contact.lastUsed)
    return true
  }

  /// Fills a payload of `textBytes(of: contact)` bytes.
  private static func write(_ contact: Contact, to payload: UnsafeMutableBufferPointer<UInt8>) {
    let numbers = Swift.min(contact.numbers.count, Contact.maximumNumbers)
    var position = numbersField + 2 * numbers
    payload[0] = append(contact.name.utf8, BookRecord.nameBytes, to: payload, at: &position)
    payload[nicknameLength] = append(
      contact.nickname.utf8, BookRecord.keywordBytes, to: payload, at: &position)
    payload[organisationLength] = append(
      contact.organisation.utf8, BookRecord.keywordBytes, to: payload, at: &position)
    payload[numberCountField] = UInt8(numbers)
    for index in 0..<numbers {
      let number = contact.numbers[index]
      payload[numbersField + 2 * index] = UInt8(
        PhoneNumber.Label.allCases.firstIndex(of: number.label) ?? 3)
      payload[numbersField + 2 * index + 1] = append(
        number.text.utf8, BookRecord.numberBytes, to: payload, at: &position)
    }
  }

  /// Copies at most `limit` bytes of `text` to `payload` at `position`,
  /// which moves past them; returns how many were copied.
  private static func append(
    _ text: String.UTF8View, _ limit: Int, to payload: UnsafeMutableBufferPointer<UInt8>,
    at position: inout Int
  ) -> UInt8 {
    var length = 0
    for byte in text.prefix(limit) {
      payload[position] = byte
      position += 1
      length += 1
    }
    return UInt8(length)
  }

  /// Empties `slot`.
  mutating func clear(_ slot: Int) {
    let base = slot * ContactTable.stride
    for index in base..<(base + ContactTable.stride) { bytes[index] = 0 }
    text.remove(slot)
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
      nickname: withField(slot, 1) { String(decoding: $0, as: UTF8.self) },
      organisation: withField(slot, 2) { String(decoding: $0, as: UTF8.self) },
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
    text.withText(slot) { $0.isEmpty ? 0 : Int($0[ContactTable.numberCountField]) }
  }

  /// The label index of number `index` of `slot`.
  func numberLabel(_ slot: Int, _ index: Int) -> UInt8 {
    text.withText(slot) { $0[ContactTable.numbersField + 2 * index] }
  }

  /// Calls `body` with the UTF-8 of the name in `slot`.
  func withName<Result>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withField(slot, 0, body)
  }

  /// Calls `body` with the ASCII text of number `index` of `slot`.
  func withNumberText<Result>(
    _ slot: Int, _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withField(slot, 3 + index, body)
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

  /// Calls `body` with text field `field` of `slot`: 0 the name, 1 the
  /// nickname, 2 the organisation, 3 and on the numbers.
  private func withField<Result>(
    _ slot: Int, _ field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    text.withText(slot) { payload in
      guard !payload.isEmpty else { return body(payload) }
      let numbers = Int(payload[ContactTable.numberCountField])
      var start = ContactTable.numbersField + 2 * numbers
      var length = 0
      for index in 0...field {
        start += length
        length = Int(
          index < 3 ? payload[index] : payload[ContactTable.numbersField + 2 * (index - 3) + 1])
      }
      return body(UnsafeBufferPointer(rebasing: payload[start..<(start + length)]))
    }
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
