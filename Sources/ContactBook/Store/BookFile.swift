/// The book file: a header, then two record places per contact slot.
///
/// A change to a contact is written, as one record with the next sequence
/// number, into the place of its slot that does not hold the slot's
/// current record. A power cut during the write can only tear that one
/// record: on opening, the newest valid record of each slot wins, so the
/// torn one is ignored and the previous version stands — every other
/// contact intact, the one being written entirely old or entirely new.
///
/// Pure: it turns changes into `BookWrite`s and file images into books; the
/// executable does the I/O.
public struct BookFile: Sendable {
  /// The header's size in bytes.
  public static let headerSize = 64
  static let magic: [UInt8] = Array("T9PHBOOK".utf8)
  static let version: UInt16 = 1

  /// How many contacts the file holds.
  public let capacity: Int
  private var current: [UInt8]  // per slot: 0 none, 1 place A, 2 place B
  /// Marks a current record of an invalid contact while a file is opened.
  private static let invalidFlag: UInt8 = 0x80
  private var sequence: UInt64 = 0

  /// The file's size for `capacity` contacts.
  public static func fileSize(capacity: Int) -> Int { headerSize + 2 * capacity * BookRecord.size }

  /// The bytes of a new, empty book file.
  public static func emptyFile(capacity: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: fileSize(capacity: capacity))
    for (index, byte) in magic.enumerated() { bytes[index] = byte }
    bytes[8] = UInt8(version & 0xFF)
    bytes[9] = UInt8(version >> 8)
    for index in 0..<4 { bytes[12 + index] = UInt8(truncatingIfNeeded: capacity >> (8 * index)) }
    let check = BookRecord.checksum(bytes[0..<56])
    for index in 0..<8 {
      bytes[56 + index] = UInt8(truncatingIfNeeded: check >> (8 * UInt64(index)))
    }
    return bytes
  }

  /// What opening a file found.
  public struct Opened: Sendable {
    /// The contacts.
    public var book: ContactBook
    /// Which record places are current, for the next writes.
    public var file: BookFile
    /// Records that were damaged (reported and skipped), as messages.
    public var damaged: [String]
  }

  /// Opens a file image; `name` is used in messages. A bad header refuses
  /// the file; a damaged record is reported and skipped.
  public static func open(_ bytes: [UInt8], name: String) throws(ContactBookError) -> Opened {
    guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic else {
      throw ContactBookError("\(name): not a t9phone contact book")
    }
    guard BookRecord.checksum(bytes[0..<56]) == read64(bytes, 56) else {
      throw ContactBookError("\(name): the header is damaged")
    }
    let version = UInt16(bytes[8]) | UInt16(bytes[9]) << 8
    guard version == BookFile.version else {
      throw ContactBookError("\(name): unsupported book version \(version)")
    }
    var capacity = 0
    for index in 0..<4 { capacity |= Int(bytes[12 + index]) << (8 * index) }
    guard (1...ContactBook.maximumCapacity).contains(capacity) else {
      throw ContactBookError("\(name): bad capacity \(capacity)")
    }
    guard bytes.count == fileSize(capacity: capacity) else {
      throw ContactBookError(
        "\(name): \(bytes.count) bytes, a \(capacity)-contact book has \(fileSize(capacity: capacity))"
      )
    }
    // The newest valid record of each slot, and the text its live contacts
    // need: the book's text arenas are sized to hold them all, and the
    // default for each free slot.
    var file = BookFile(capacity: capacity)
    var damaged: [String] = []
    var needs = (text: 0, keys: 0)
    var count = 0
    for slot in 0..<capacity {
      var best: (record: BookRecord, place: UInt8)?
      for place in 0..<2 {
        let raw = bytes[BookFile.recordRange(slot, place)]
        // A sequence number no book reaches (2^62 writes) is a damaged
        // record: trusted, the next write's number would overflow.
        guard let record = BookRecord.decode(raw), record.slot == slot,
          record.sequence < 1 << 62
        else {
          if raw.contains(where: { $0 != 0 }) {
            damaged.append("\(name): record \(slot)\(place == 0 ? "a" : "b") is damaged; skipped")
          }
          continue
        }
        file.sequence = Swift.max(file.sequence, record.sequence)
        if best.map({ record.sequence > $0.record.sequence }) ?? true {
          best = (record, UInt8(place + 1))
        }
      }
      guard let best else { continue }
      file.current[slot] = best.place
      guard best.record.state == .live else { continue }
      guard best.record.contact.problem == nil else {
        damaged.append("\(name): record \(slot) holds an invalid contact; skipped")
        file.current[slot] = best.place | BookFile.invalidFlag
        continue
      }
      let contact = ContactBook.textNeeds(of: best.record.contact)
      needs = (needs.text + contact.text, needs.keys + contact.keys)
      count += 1
    }
    var book = try ContactBook(
      capacity: capacity,
      textBytesPerContact: ContactBook.textBytesPerContact(
        needs: needs, count: count, capacity: capacity))
    for slot in 0..<capacity where file.current[slot] != 0 {
      guard file.current[slot] & BookFile.invalidFlag == 0 else {
        file.current[slot] &= ~BookFile.invalidFlag
        continue
      }
      let raw = bytes[BookFile.recordRange(slot, Int(file.current[slot]) - 1)]
      guard let record = BookRecord.decode(raw), record.state == .live else { continue }
      // Cannot fail: the contact is valid and the arenas were sized for it.
      try? book.restore(record.contact, in: slot, order: record.order)
    }
    return Opened(book: book, file: file, damaged: damaged)
  }

  init(capacity: Int) {
    self.capacity = capacity
    current = [UInt8](repeating: 0, count: capacity)
  }

  /// Where record place `place` (0 or 1) of `slot` is in the file.
  private static func recordRange(_ slot: Int, _ place: Int) -> Range<Int> {
    let start = headerSize + (2 * slot + place) * BookRecord.size
    return start..<(start + BookRecord.size)
  }

  /// The write that stores `contact` (or its deletion) in `slot`: the record
  /// place that is not current, the next sequence number.
  public mutating func write(
    _ contact: Contact, slot: Int, order: Int, deleted: Bool = false
  ) -> BookWrite {
    sequence += 1
    let place = current[slot] == 1 ? 1 : 0
    current[slot] = UInt8(place + 1)
    let record = BookRecord(
      state: deleted ? .deleted : .live, slot: slot, sequence: sequence, order: order,
      contact: contact)
    return BookWrite(
      offset: BookFile.headerSize + (2 * slot + place) * BookRecord.size, bytes: record.encoded())
  }

  private static func read64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}
