/// One contact as stored in the book file: a fixed-size record with a
/// sequence number and a checksum, so a record torn by a power cut is
/// recognised and never trusted.
///
/// Layout (little-endian, `size` bytes): magic `CREC`, state (1 live,
/// 2 deleted), slot, sequence, insertion order, times used, last used,
/// starred, the name, nickname and organisation (length-prefixed UTF-8),
/// up to four numbers (label, length, ASCII), zero padding, and last an
/// FNV-1a 64-bit checksum of everything before it.
public struct BookRecord: Sendable, Hashable {
  /// Bytes per record.
  public static let size = 768
  static let magic: [UInt8] = Array("CREC".utf8)
  static let nameBytes = 160
  static let keywordBytes = 120
  static let numberBytes = 48

  /// Whether the slot holds a contact or a deletion.
  public enum State: UInt8, Sendable {
    /// A contact.
    case live = 1
    /// The contact was deleted.
    case deleted = 2
  }

  /// Live or deleted.
  public var state: State
  /// The contact slot it belongs to.
  public var slot: Int
  /// Higher is newer; the newest valid record of a slot wins.
  public var sequence: UInt64
  /// When the contact was added, for ordering equal names.
  public var order: Int
  /// The contact (ignored when deleted).
  public var contact: Contact

  /// Creates a record.
  public init(state: State, slot: Int, sequence: UInt64, order: Int, contact: Contact) {
    self.state = state
    self.slot = slot
    self.sequence = sequence
    self.order = order
    self.contact = contact
  }

  /// Whether the contact fits a record (UTF-8 sizes); the message says what
  /// does not.
  public static func problem(with contact: Contact) -> String? {
    if contact.name.utf8.count > nameBytes { return "Name too long to store" }
    if contact.nickname.utf8.count > keywordBytes { return "Nickname too long to store" }
    if contact.organisation.utf8.count > keywordBytes { return "Organisation too long to store" }
    if contact.numbers.contains(where: { $0.text.utf8.count > numberBytes }) {
      return "Number too long to store"
    }
    return nil
  }

  /// The record's bytes.
  public func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(BookRecord.size)
    bytes += BookRecord.magic
    bytes.append(state.rawValue)
    bytes += [0, 0, 0]
    append32(UInt32(truncatingIfNeeded: slot), to: &bytes)
    append64(sequence, to: &bytes)
    append64(UInt64(truncatingIfNeeded: order), to: &bytes)
    append64(UInt64(truncatingIfNeeded: contact.timesUsed), to: &bytes)
    append64(UInt64(bitPattern: contact.lastUsed), to: &bytes)
    bytes.append(contact.starred ? 1 : 0)
    bytes.append(UInt8(Swift.min(contact.numbers.count, Contact.maximumNumbers)))
    appendText(contact.name, limit: BookRecord.nameBytes, to: &bytes)
    appendText(contact.nickname, limit: BookRecord.keywordBytes, to: &bytes)
    appendText(contact.organisation, limit: BookRecord.keywordBytes, to: &bytes)
    for index in 0..<Contact.maximumNumbers {
      let number = index < contact.numbers.count ? contact.numbers[index] : nil
      let label = number.map { PhoneNumber.Label.allCases.firstIndex(of: $0.label) ?? 3 } ?? 0
      bytes.append(UInt8(label))
      appendText(number?.text ?? "", limit: BookRecord.numberBytes, to: &bytes)
    }
    bytes += [UInt8](repeating: 0, count: BookRecord.size - 8 - bytes.count)
    append64(BookRecord.checksum(bytes[...]), to: &bytes)
    return bytes
  }

  /// Reads a record; nil if the bytes are not a whole, valid record (never
  /// written, torn, or damaged).
  public static func decode(_ bytes: ArraySlice<UInt8>) -> BookRecord? {
    guard bytes.count == size else { return nil }
    let base = bytes.startIndex
    guard Array(bytes[base..<(base + 4)]) == magic else { return nil }
    let body = bytes[base..<(base + size - 8)]
    guard read64(bytes, base + size - 8) == checksum(body) else { return nil }
    guard let state = State(rawValue: bytes[base + 4]) else { return nil }
    var cursor = base + 8
    let slot = Int(read32(bytes, cursor))
    cursor += 4
    let sequence = read64(bytes, cursor)
    let order = Int(truncatingIfNeeded: read64(bytes, cursor + 8))
    let used = Int(truncatingIfNeeded: read64(bytes, cursor + 16))
    let last = Int64(bitPattern: read64(bytes, cursor + 24))
    cursor += 32
    let starred = bytes[cursor] == 1
    let numberCount = Int(bytes[cursor + 1])
    cursor += 2
    guard numberCount <= Contact.maximumNumbers,
      let name = readText(bytes, &cursor, limit: nameBytes),
      let nickname = readText(bytes, &cursor, limit: keywordBytes),
      let organisation = readText(bytes, &cursor, limit: keywordBytes)
    else { return nil }
    var numbers: [PhoneNumber] = []
    for index in 0..<Contact.maximumNumbers {
      let label = Int(bytes[cursor])
      cursor += 1
      guard let text = readText(bytes, &cursor, limit: numberBytes), label < 4 else { return nil }
      if index < numberCount {
        numbers.append(PhoneNumber(text, label: PhoneNumber.Label.allCases[label]))
      }
    }
    let contact = Contact(
      name: name, numbers: numbers, nickname: nickname, organisation: organisation,
      starred: starred, timesUsed: used, lastUsed: last)
    return BookRecord(state: state, slot: slot, sequence: sequence, order: order, contact: contact)
  }

  // MARK: - Bytes

  /// The book file's checksum (FNV-1a, 64 bits) of the header's first 56
  /// bytes or a record's first `size - 8`; public so tools (the fuzzer) can
  /// make a changed file's checksums right.
  public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01B3
    }
    return hash
  }

  private func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  private func append64(_ value: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  private func appendText(_ text: String, limit: Int, to bytes: inout [UInt8]) {
    let utf8 = Array(text.utf8.prefix(limit))
    bytes.append(UInt8(utf8.count))
    bytes += utf8
    bytes += [UInt8](repeating: 0, count: limit - utf8.count)
  }

  private static func read32(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
    return value
  }

  private static func read64(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }

  private static func readText(_ bytes: ArraySlice<UInt8>, _ cursor: inout Int, limit: Int)
    -> String?
  {
    let length = Int(bytes[cursor])
    guard length <= limit else { return nil }
    let text = String(validating: bytes[(cursor + 1)..<(cursor + 1 + length)], as: UTF8.self)
    cursor += 1 + limit
    return text
  }
}
