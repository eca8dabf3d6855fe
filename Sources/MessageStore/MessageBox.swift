import SMS

/// The phone's messages: inbox, sent, outbox and drafts, in a fixed number
/// of part slots reserved at start, each holding one part of a message.
///
/// Every change rewrites whole records, each into the record place of its
/// slot that is not current, with the next sequence number
/// (`takeWrites`): a power cut tears at most the record being written, and
/// on opening the newest whole record of each slot wins. A message of
/// several parts the phone writes has its first part written last and
/// deleted first, and parts left without their first by a cut are freed
/// on opening: a message is there whole or not at all. Received parts are
/// stored one by one as they arrive — the store is where long messages
/// are reassembled — so a part the modem has handed over is never only in
/// memory.
///
/// Memory: 512 bytes a slot for the records, plus five bytes a slot (its
/// place, and an id for counting).
public struct MessageBox: Sendable {
  /// How many parts the store holds.
  public let capacity: Int
  /// The file header's size.
  public static let headerSize = 64
  static let fileMagic: [UInt8] = Array("T9PHMSGS".utf8)
  static let version: UInt64 = 1
  /// The most part slots a store may have.
  public static let maximumCapacity = 10_000
  /// The default number of part slots.
  public static let defaultCapacity = 200
  /// Record sequence numbers at or above this are refused as damaged.
  static let maximumSequence: UInt64 = 1 << 62

  var images: [UInt8]
  private var places: [UInt8]
  private var dirty: [Int]
  /// Changes whenever a record does: lists showing the store follow it.
  public internal(set) var revision: UInt64 = 0
  private var sequence: UInt64 = 0
  var nextID: UInt32 = 1
  var scratch: [UInt8]
  /// Message ids, for counting (`recount`).
  var countScratch: [UInt32]
  /// Messages in the inbox (partial ones included), counted at every
  /// change.
  public internal(set) var inboxCount = 0
  /// Inbox messages with a part not yet read, counted at every change.
  public internal(set) var unreadCount = 0
  /// Outbox parts waiting to be sent, counted at every change.
  public internal(set) var queuedParts = 0

  /// An empty store of `capacity` part slots.
  public init(capacity: Int = MessageBox.defaultCapacity) {
    self.capacity = Swift.min(Swift.max(1, capacity), Self.maximumCapacity)
    images = [UInt8](repeating: 0, count: self.capacity * MessageRecord.size)
    places = [UInt8](repeating: 0, count: self.capacity)
    dirty = []
    dirty.reserveCapacity(self.capacity)
    scratch = []
    scratch.reserveCapacity(MessageRecord.textCapacity)
    countScratch = []
    countScratch.reserveCapacity(self.capacity)
  }

  // MARK: The file

  /// The file's size for `capacity` slots: the header and two record
  /// places a slot.
  public static func fileSize(capacity: Int) -> Int {
    headerSize + 2 * capacity * MessageRecord.size
  }

  /// The bytes of a new, empty file.
  public static func emptyFile(capacity: Int = MessageBox.defaultCapacity) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: fileSize(capacity: capacity))
    for (index, byte) in fileMagic.enumerated() { bytes[index] = byte }
    MessageRecord.write(version, to: &bytes, 8, width: 2)
    MessageRecord.write(UInt64(capacity), to: &bytes, 12, width: 4)
    MessageRecord.write(MessageRecord.checksum(bytes[0..<56]), to: &bytes, 56, width: 8)
    return bytes
  }

  /// Opens a file image (`name` for messages): a bad header refuses it; a
  /// damaged record is reported and its slot's other record stands.
  public static func open(
    _ bytes: [UInt8], name: String
  ) throws(MessageStoreError) -> (box: MessageBox, damaged: [String]) {
    guard bytes.count >= headerSize, Array(bytes[0..<8]) == fileMagic else {
      throw MessageStoreError("\(name): not a t9phone message store")
    }
    guard MessageRecord.checksum(bytes[0..<56]) == MessageRecord.read(bytes, 56, width: 8) else {
      throw MessageStoreError("\(name): the header is damaged")
    }
    guard MessageRecord.read(bytes, 8, width: 2) == version else {
      throw MessageStoreError("\(name): unsupported message store version")
    }
    let capacity = Int(MessageRecord.read(bytes, 12, width: 4))
    guard (1...maximumCapacity).contains(capacity) else {
      throw MessageStoreError("\(name): bad capacity \(capacity)")
    }
    guard bytes.count == fileSize(capacity: capacity) else {
      throw MessageStoreError(
        "\(name): \(bytes.count) bytes, a store of \(capacity) parts has \(fileSize(capacity: capacity))"
      )
    }
    var box = MessageBox(capacity: capacity)
    var damaged: [String] = []
    for slot in 0..<capacity {
      var best: (place: Int, sequence: UInt64)? = nil
      for place in 0..<2 {
        let start = recordStart(slot, place)
        // A sequence number no store reaches (2^62 writes) is a damaged
        // record: trusted, the next write's number would overflow.
        guard MessageRecord.isValid(bytes, at: start),
          Int(MessageRecord.read(bytes, start + MessageRecord.slotOffset, width: 2)) == slot,
          MessageRecord.read(bytes, start + MessageRecord.sequenceOffset, width: 8)
            < MessageBox.maximumSequence
        else {
          if bytes[start..<(start + MessageRecord.size)].contains(where: { $0 != 0 }) {
            damaged.append("\(name): record \(slot)\(place == 0 ? "a" : "b") is damaged; skipped")
          }
          continue
        }
        let recordSequence = MessageRecord.read(
          bytes, start + MessageRecord.sequenceOffset, width: 8)
        box.sequence = Swift.max(box.sequence, recordSequence)
        if best.map({ recordSequence > $0.sequence }) ?? true {
          best = (place, recordSequence)
        }
      }
      guard let best else { continue }
      box.places[slot] = UInt8(best.place + 1)
      let start = recordStart(slot, best.place)
      for index in 0..<MessageRecord.size {
        box.images[slot * MessageRecord.size + index] = bytes[start + index]
      }
      if box.folder(slot) != nil { box.nextID = Swift.max(box.nextID, box.id(slot) &+ 1) }
    }
    // Parts the phone wrote whose first part is missing: a cut while
    // writing or deleting them. They are freed.
    for slot in 0..<capacity {
      guard let folder = box.folder(slot), folder.isOutgoing, box.part(slot) > 1 else { continue }
      let id = box.id(slot)
      if !(0..<capacity).contains(where: {
        box.folder($0) != nil && box.id($0) == id && box.part($0) == 1
      }) {
        box.free(slot)
      }
    }
    box.recount()
    return (box, damaged)
  }

  static func recordStart(_ slot: Int, _ place: Int) -> Int {
    headerSize + (2 * slot + place) * MessageRecord.size
  }

  /// Hands each changed record to `write` (its offset in the file and
  /// its bytes) for the caller to write and sync, in the order changed.
  public mutating func takeWrites(_ write: (Int, ArraySlice<UInt8>) -> Void) {
    for slot in dirty {
      let start = slot * MessageRecord.size
      write(
        Self.recordStart(slot, Int(places[slot]) - 1),
        images[start..<(start + MessageRecord.size)])
    }
    dirty.removeAll(keepingCapacity: true)
  }

  /// Whether changes wait for `takeWrites`.
  public var hasWrites: Bool { !dirty.isEmpty }

  // MARK: Reading a slot

  func byte(_ slot: Int, _ offset: Int) -> UInt8 {
    images[slot * MessageRecord.size + offset]
  }

  func value(_ slot: Int, _ offset: Int, width: Int) -> UInt64 {
    var result: UInt64 = 0
    for index in 0..<width {
      result |= UInt64(byte(slot, offset + index)) << (8 * UInt64(index))
    }
    return result
  }

  func folder(_ slot: Int) -> MessageFolder? {
    places[slot] == 0 ? nil : MessageFolder(rawValue: byte(slot, MessageRecord.folderOffset))
  }

  func status(_ slot: Int) -> MessageStatus {
    MessageStatus(rawValue: byte(slot, MessageRecord.statusOffset)) ?? .read
  }

  func id(_ slot: Int) -> UInt32 { UInt32(value(slot, MessageRecord.idOffset, width: 4)) }
  func part(_ slot: Int) -> Int { Int(byte(slot, MessageRecord.partOffset)) }
  func total(_ slot: Int) -> Int { Int(byte(slot, MessageRecord.totalOffset)) }
  func reference(_ slot: Int) -> Int { Int(value(slot, MessageRecord.referenceOffset, width: 2)) }
  func isWide(_ slot: Int) -> Bool {
    byte(slot, MessageRecord.flagsOffset) & MessageRecord.wideFlag != 0
  }
  func isUCS2(_ slot: Int) -> Bool {
    byte(slot, MessageRecord.flagsOffset) & MessageRecord.ucs2Flag != 0
  }
  func networkReference(_ slot: Int) -> Int {
    Int(byte(slot, MessageRecord.networkReferenceOffset))
  }
  func attempts(_ slot: Int) -> Int { Int(byte(slot, MessageRecord.attemptsOffset)) }

  func address(_ slot: Int) -> PhoneAddress {
    let start = slot * MessageRecord.size + MessageRecord.addressOffset
    return PhoneAddress(
      length: Int(images[start]), typeOfAddress: images[start + 1],
      octets: images[(start + 2)..<(start + 12)])
  }

  func time(_ slot: Int) -> SMSTimestamp? {
    guard byte(slot, MessageRecord.flagsOffset) & MessageRecord.timeFlag != 0 else { return nil }
    let start = slot * MessageRecord.size + MessageRecord.timeOffset
    return SMSTimestamp(octets: images[start..<(start + 7)])
  }

  /// When the phone stored the part, in seconds since 2000-01-01 UTC.
  func arrived(_ slot: Int) -> Int {
    Int(Int64(bitPattern: value(slot, MessageRecord.arrivedOffset, width: 8)))
  }

  func textBytes(_ slot: Int) -> ArraySlice<UInt8> {
    let start = slot * MessageRecord.size + MessageRecord.textOffset
    let length = Int(value(slot, MessageRecord.textLengthOffset, width: 2))
    return images[start..<(start + length)]
  }

  // MARK: Writing a slot

  mutating func set(_ slot: Int, _ offset: Int, _ value: UInt64, width: Int) {
    MessageRecord.write(value, to: &images, slot * MessageRecord.size + offset, width: width)
  }

  /// Seals the slot's record (next sequence, checksum), flips its place
  /// and queues its write.
  mutating func commit(_ slot: Int) {
    sequence += 1
    revision &+= 1
    let start = slot * MessageRecord.size
    for (index, byte) in MessageRecord.magic.enumerated() { images[start + index] = byte }
    set(slot, MessageRecord.sequenceOffset, sequence, width: 8)
    set(slot, MessageRecord.slotOffset, UInt64(slot), width: 2)
    let check = MessageRecord.checksum(images[start..<(start + MessageRecord.checksumOffset)])
    set(slot, MessageRecord.checksumOffset, check, width: 8)
    places[slot] = places[slot] == 1 ? 2 : 1
    if !dirty.contains(slot) { dirty.append(slot) }
    recount()
  }

  mutating func free(_ slot: Int) {
    let start = slot * MessageRecord.size
    for index in start..<(start + MessageRecord.size) { images[index] = 0 }
    commit(slot)
  }

  mutating func setStatus(_ slot: Int, _ status: MessageStatus) {
    images[slot * MessageRecord.size + MessageRecord.statusOffset] = status.rawValue
    commit(slot)
  }

  struct NewPart {
    var folder: MessageFolder
    var status: MessageStatus
    var id: UInt32
    var part: Int
    var total: Int
    var reference: Int
    var isWide: Bool
    var isUCS2 = false
    var address: PhoneAddress
    var time: SMSTimestamp?
    var arrived: SMSTimestamp
  }

  /// Writes a new part into `slot`, its text the UTF-8 in `scratch`.
  mutating func write(_ new: NewPart, to slot: Int) {
    let start = slot * MessageRecord.size
    for index in start..<(start + MessageRecord.size) { images[index] = 0 }
    images[start + MessageRecord.folderOffset] = new.folder.rawValue
    images[start + MessageRecord.statusOffset] = new.status.rawValue
    images[start + MessageRecord.flagsOffset] =
      (new.isWide ? MessageRecord.wideFlag : 0) | (new.time != nil ? MessageRecord.timeFlag : 0)
      | (new.isUCS2 ? MessageRecord.ucs2Flag : 0)
    images[start + MessageRecord.partOffset] = UInt8(new.part)
    images[start + MessageRecord.totalOffset] = UInt8(new.total)
    set(slot, MessageRecord.referenceOffset, UInt64(new.reference & 0xFFFF), width: 2)
    set(slot, MessageRecord.idOffset, UInt64(new.id), width: 4)
    images[start + MessageRecord.addressOffset] = UInt8(new.address.length)
    images[start + MessageRecord.addressOffset + 1] = new.address.typeOfAddress
    for index in 0..<new.address.octetCount {
      images[start + MessageRecord.addressOffset + 2 + index] = new.address.valueOctet(at: index)
    }
    if let time = new.time {
      for index in 0..<7 {
        images[start + MessageRecord.timeOffset + index] = time.octet(at: index)
      }
    }
    set(
      slot, MessageRecord.arrivedOffset, UInt64(bitPattern: Int64(new.arrived.secondsSince2000)),
      width: 8)
    let length = Swift.min(scratch.count, MessageRecord.textCapacity)
    set(slot, MessageRecord.textLengthOffset, UInt64(length), width: 2)
    for index in 0..<length { images[start + MessageRecord.textOffset + index] = scratch[index] }
    commit(slot)
  }

  /// Puts `text` as UTF-8 in `scratch`, cut at a character that does not
  /// fit.
  mutating func encode(_ text: ArraySlice<Unicode.Scalar>) {
    scratch.removeAll(keepingCapacity: true)
    for scalar in text {
      let before = scratch.count
      UTF8.encode(scalar) { scratch.append($0) }
      if scratch.count > MessageRecord.textCapacity {
        scratch.removeLast(scratch.count - before)
        break
      }
    }
  }

  func freeSlot() -> Int? { (0..<capacity).first { folder($0) == nil } }

  /// Free part slots.
  public var freeSlots: Int { (0..<capacity).reduce(0) { $0 + (folder($1) == nil ? 1 : 0) } }
}
