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
///
/// The bytes are allocated, not written, when the arena is created: only
/// the bytes before `end` are ever initialised and read, so the pages of
/// the arena become resident as text is written into them (a book of short
/// contacts keeps resident what its text uses; a full arena, what it
/// reserved). A copy shares the bytes until one of them changes, then
/// copies the bytes in use (copy on write, as an array would).
struct TextArena: @unchecked Sendable {
  /// Bytes of a region's header.
  static let headerBytes = 4
  /// The most bytes of a payload.
  static let maximumPayload = Int(UInt16.max)
  /// The owner of a hole.
  private static let hole: UInt16 = .max
  /// The offset of an owner without text.
  private static let absent: UInt32 = .max

  /// The bytes (the header is the capacity); shared by copies until one
  /// changes (`makeUnique`), hence `@unchecked Sendable` like an array's.
  private var storage: ManagedBuffer<Int, UInt8>
  /// Where each owner's region starts (`absent` if it has none).
  private var offsets: [UInt32]
  /// Bytes at the front in use: live regions and holes.
  private(set) var end = 0
  /// Bytes of the live regions, headers included.
  private(set) var liveBytes = 0

  /// An empty arena of `capacity` bytes for owners `0..<owners` (at most
  /// 65,535 owners).
  init(owners: Int, capacity: Int) {
    storage = ManagedBuffer<Int, UInt8>.create(minimumCapacity: capacity) { _ in capacity }
    offsets = [UInt32](repeating: TextArena.absent, count: owners)
  }

  /// The bytes for text.
  var capacity: Int { storage.header }

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
    makeUnique()
    let start = end
    storage.withUnsafeMutablePointerToElements { bytes in
      TextArena.put16(UInt16(truncatingIfNeeded: owner), at: bytes + start)
      TextArena.put16(UInt16(truncatingIfNeeded: length), at: bytes + start + 2)
      let payload = UnsafeMutableBufferPointer(
        start: bytes + start + TextArena.headerBytes, count: length)
      payload.initialize(repeating: 0)
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
      makeUnique()
      storage.withUnsafeMutablePointerToElements { TextArena.put16(TextArena.hole, at: $0 + start) }
    }
  }

  /// Moves every live region down over the holes before it, in order, so
  /// all the free bytes are after the last region. Needs no memory beyond
  /// the arena's own.
  mutating func compact() {
    makeUnique()
    var read = 0
    var write = 0
    while read < end {
      let owner = read16(at: read)
      let size = TextArena.regionBytes(payloadLength(at: read))
      if owner != TextArena.hole {
        if read != write {
          // Down over a hole: an overlap reads each byte before it is
          // written.
          storage.withUnsafeMutablePointerToElements { bytes in
            for index in 0..<size { bytes[write + index] = bytes[read + index] }
          }
          offsets[Int(owner)] = UInt32(truncatingIfNeeded: write)
        }
        write += size
      }
      read += size
    }
    end = write
  }

  /// Gives this arena bytes of its own if a copy shares them, copying the
  /// bytes in use.
  private mutating func makeUnique() {
    guard !isKnownUniquelyReferenced(&storage) else { return }
    let capacity = self.capacity
    let copy = ManagedBuffer<Int, UInt8>.create(minimumCapacity: capacity) { _ in capacity }
    let count = end
    copy.withUnsafeMutablePointerToElements { target in
      storage.withUnsafeMutablePointerToElements { source in
        target.initialize(from: source, count: count)
      }
    }
    storage = copy
  }

  // MARK: - Reading

  /// Calls `body` with the payload of `owner` (empty if it has none).
  func withText<Result>(_ owner: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let offset = offsets[owner]
    return storage.withUnsafeMutablePointerToElements { bytes in
      guard offset != TextArena.absent else {
        return body(UnsafeBufferPointer(start: bytes, count: 0))
      }
      let start = Int(offset) + TextArena.headerBytes
      let length = Int(bytes[start - 2]) | Int(bytes[start - 1]) << 8
      return body(UnsafeBufferPointer(start: bytes + start, count: length))
    }
  }

  // MARK: - Bytes

  private func payloadLength(at region: Int) -> Int { Int(read16(at: region + 2)) }

  private func read16(at offset: Int) -> UInt16 {
    storage.withUnsafeMutablePointerToElements { bytes in
      UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
  }

  private static func put16(_ value: UInt16, at bytes: UnsafeMutablePointer<UInt8>) {
    bytes[0] = UInt8(truncatingIfNeeded: value)
    bytes[1] = UInt8(truncatingIfNeeded: value >> 8)
  }
}
