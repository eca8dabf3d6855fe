/// The calls dialled, received and missed, newest first, in a fixed
/// number of slots chosen at start: the newest call takes the oldest's
/// slot.
///
/// Crash-safe as the other stores are: each call is one 64-byte record
/// written into its own slot of the log's file (`CallRecord`), with a
/// sequence number and a checksum. A write a power cut tears leaves a slot
/// whose checksum fails: opening the file again refuses that one slot (the
/// call being written, or the oldest one it replaced) and keeps every other
/// call. Nothing is read from a slot that is not whole.
public struct CallLog: Sendable {
  /// How many calls the log keeps.
  public let capacity: Int
  /// The slots a phone's log has unless told otherwise: twenty each of
  /// dialled, received and missed calls on an older feature phone.
  public static let defaultCapacity = 60
  /// The slots' records, by slot (nil: empty or refused).
  private var slots: [(record: CallRecord, sequence: UInt32)?]
  /// Slot indices, newest call first.
  private var order: [Int]
  private var nextSequence: UInt32 = 1

  /// An empty log of `capacity` slots (at least one).
  public init(capacity: Int) {
    self.capacity = Swift.max(1, capacity)
    slots = Array(repeating: nil, count: self.capacity)
    order = []
    order.reserveCapacity(self.capacity)
  }

  /// The log a file of `capacity` slots holds (a shorter file has empty
  /// slots at its end), and how many slots were refused as not whole.
  public static func open(_ file: [UInt8], capacity: Int) -> (log: CallLog, refused: Int) {
    var log = CallLog(capacity: capacity)
    var refused = 0
    for slot in 0..<log.capacity {
      let start = slot * CallRecord.size
      guard start + CallRecord.size <= file.count else { break }
      let bytes = file[start..<(start + CallRecord.size)]
      if let found = CallRecord.decode(bytes) {
        log.slots[slot] = found
        log.nextSequence = Swift.max(log.nextSequence, found.sequence &+ 1)
      } else if bytes.contains(where: { $0 != 0 }) {
        refused += 1
      }
    }
    log.sort()
    return (log, refused)
  }

  /// The size of the log's file.
  public var fileSize: Int { capacity * CallRecord.size }

  /// How many calls the log holds.
  public var count: Int { order.count }

  /// The `index`-th call, newest first.
  public func record(at index: Int) -> CallRecord? {
    guard index >= 0, index < order.count, let slot = slots[order[index]] else { return nil }
    return slot.record
  }

  /// Logs `record` in the slot of the oldest call (or a free one): the
  /// write to make, at `offset` of the log's file.
  public mutating func add(_ record: CallRecord) -> (offset: Int, bytes: [UInt8]) {
    var record = record
    if record.number.utf8.count > CallRecord.maximumNumber
      || !record.number.utf8.allSatisfy(CallRecord.isDialable)
    {
      // What a number cannot hold is left out rather than the call.
      record.number = String(
        decoding: record.number.utf8.filter(CallRecord.isDialable).prefix(CallRecord.maximumNumber),
        as: UTF8.self)
    }
    let slot = freeOrOldestSlot
    let sequence = nextSequence
    nextSequence &+= 1
    slots[slot] = (record, sequence)
    sort()
    return (slot * CallRecord.size, record.encoded(sequence: sequence))
  }

  /// A free slot, else the oldest call's.
  private var freeOrOldestSlot: Int {
    if let free = slots.firstIndex(where: { $0 == nil }) { return free }
    return order.last ?? 0
  }

  private mutating func sort() {
    order.removeAll(keepingCapacity: true)
    for slot in 0..<slots.count where slots[slot] != nil { order.append(slot) }
    let slots = self.slots
    order.sort { (slots[$0]?.sequence ?? 0) > (slots[$1]?.sequence ?? 0) }
  }
}
