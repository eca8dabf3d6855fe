/// A fixed number of bytes holding one piece of variable-length text per
/// owner (a contact slot), packed one after the other, so a book reserves
/// the text its contacts have on average instead of the longest text each
/// could have.
///
/// The bytes are reserved when the arena is created and never grow.
/// Storing an owner's text again, or removing it, leaves a hole where its
/// old text was; when a new text does not fit after the last one, the live
/// texts are moved down over the holes in place (`compact`), which needs no
/// memory of its own. A text that does not fit even then is refused by the
/// caller beforehand (`fits`), so nothing stored is lost.
///
/// Each text is a region: a 4-byte header (the owner, 0xFFFF once the
/// region is a hole, and the payload's length, both little-endian 16-bit)
/// then the payload. The owner's region is found from a table of offsets.
struct TextArena: Sendable {
  /// Bytes of a region's header.
  static let headerBytes = 4
  /// The most bytes of a payload.
  static let maximumPayload = Int(UInt16.max)
  /// The owner of a hole.
  private static let hole: UInt16 = .max
  /// The offset of an owner without text.
  private static let absent: UInt32 = .max

  private var bytes: [UInt8]
  /// Where each owner's region starts (`absent` if it has none).
  private var offsets: [UInt32]
  /// Bytes at the front in use: live regions and holes.
  private(set) var end = 0
  /// Bytes of the live regions, headers included.
  private(set) var liveBytes = 0

  /// An empty arena of `capacity` bytes for owners `0..<owners` (at most
  /// 65,535 owners).
  init(owners: Int, capacity: Int) {
    bytes = [UInt8](repeating: 0, count: capacity)
    offsets = [UInt32](repeating: TextArena.absent, count: owners)
  }

  /// The bytes for text.
  var capacity: Int { bytes.count }

  /// The bytes reserved: the text and the offsets.
  var reservedBytes: Int { capacity + offsets.count * MemoryLayout<UInt32>.stride }

  /// The bytes a payload of `length` takes, header included.
  static func regionBytes(_ length: Int) -> Int { headerBytes + length }

  /// Whether `owner` has text.
  func contains(_ owner: Int) -> Bool { offsets[owner] != TextArena.absent }

  /// Whether a payload of `length` bytes for `owner` fits, once its present
  /// text (if any) is replaced and the holes compacted.
  func fits(_ length: Int, for owner: Int) -> Bool {
    guard length <= TextArena.maximumPayload else { return false }
    let replaced =
      contains(owner) ? TextArena.regionBytes(payloadLength(at: Int(offsets[owner]))) : 0
    return TextArena.regionBytes(length) <= capacity - liveBytes + replaced
  }

  // MARK: - Changing

  /// Stores a payload of `length` bytes for `owner`, replacing its present
  /// text; `write` fills the payload, which starts zeroed. Returns false,
  /// changing nothing, if it does not fit (see `fits`).
  @discardableResult
  mutating func store(
    _ length: Int, for owner: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) -> Bool {
    guard fits(length, for: owner) else { return false }
    remove(owner)
    let size = TextArena.regionBytes(length)
    if end + size > capacity { compact() }
    let start = end
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let bytes = buffer.baseAddress else { return }
      TextArena.put16(UInt16(truncatingIfNeeded: owner), at: bytes + start)
      TextArena.put16(UInt16(truncatingIfNeeded: length), at: bytes + start + 2)
      let payload = UnsafeMutableBufferPointer(
        start: bytes + start + TextArena.headerBytes, count: length)
      payload.update(repeating: 0)
      write(payload)
    }
    offsets[owner] = UInt32(truncatingIfNeeded: start)
    end += size
    liveBytes += size
    return true
  }

  /// Forgets the text of `owner` (its region becomes a hole, or is given
  /// back at once when it is the last one).
  mutating func remove(_ owner: Int) {
    guard contains(owner) else { return }
    let start = Int(offsets[owner])
    let size = TextArena.regionBytes(payloadLength(at: start))
    offsets[owner] = TextArena.absent
    liveBytes -= size
    if start + size == end {
      end = start
    } else {
      bytes[start] = 0xFF
      bytes[start + 1] = 0xFF
    }
  }

  /// Moves every live region down over the holes before it, in order, so
  /// all the free bytes are after the last region. Needs no memory beyond
  /// the arena's own.
  mutating func compact() {
    var read = 0
    var write = 0
    while read < end {
      let owner = read16(at: read)
      let size = TextArena.regionBytes(payloadLength(at: read))
      if owner != TextArena.hole {
        if read != write {
          // Down over a hole: an overlap reads each byte before it is
          // written.
          for index in 0..<size { bytes[write + index] = bytes[read + index] }
          offsets[Int(owner)] = UInt32(truncatingIfNeeded: write)
        }
        write += size
      }
      read += size
    }
    end = write
  }

  // MARK: - Reading

  /// Calls `body` with the payload of `owner` (empty if it has none).
  func withText<Result>(_ owner: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let offset = offsets[owner]
    return bytes.withUnsafeBufferPointer { buffer in
      guard offset != TextArena.absent else {
        return body(UnsafeBufferPointer(rebasing: buffer[0..<0]))
      }
      let start = Int(offset) + TextArena.headerBytes
      let length = Int(buffer[start - 2]) | Int(buffer[start - 1]) << 8
      return body(UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]))
    }
  }

  // MARK: - Bytes

  private func payloadLength(at region: Int) -> Int { Int(read16(at: region + 2)) }

  private func read16(at offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  private static func put16(_ value: UInt16, at bytes: UnsafeMutablePointer<UInt8>) {
    bytes[0] = UInt8(truncatingIfNeeded: value)
    bytes[1] = UInt8(truncatingIfNeeded: value >> 8)
  }
}
