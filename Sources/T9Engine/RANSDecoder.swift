/// Reads one block of a `.t9dict`: a byte-wise rANS stream (a 32-bit state
/// kept in [2^23, 2^31), refilled a byte at a time) over the static tables
/// of `FrequencyTables`. Reading never goes past the block: a stream that
/// runs out, or a symbol no table has, sets `failed`.
struct RANSDecoder {
  static let lowerBound: UInt32 = 1 << 23
  private var state: UInt32 = 0
  private var position: Int
  private let end: Int
  private let bytes: UnsafeRawBufferPointer
  /// Whether the stream was malformed.
  private(set) var failed = false

  /// Starts reading `bytes[start..<end]`: the first four bytes are the state.
  init(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
    self.bytes = bytes
    self.end = end
    position = start + 4
    guard start + 4 <= end else {
      failed = true
      position = end
      return
    }
    for index in 0..<4 { state |= UInt32(bytes[start + index]) << (8 * UInt32(index)) }
    if state < RANSDecoder.lowerBound || state >= 1 << 31 { failed = true }
  }

  /// Whether the whole block was read and the state is back where the
  /// encoder started.
  var finishedCleanly: Bool { !failed && position == end && state == RANSDecoder.lowerBound }

  /// Reads the bytes the state needs to be back in range: none, one or
  /// two after a 12-bit symbol, without a branch when two bytes are left.
  @inline(__always)
  private mutating func refill() {
    guard position + 2 <= end else {
      while state < RANSDecoder.lowerBound {
        guard position < end else {
          failed = true
          state = RANSDecoder.lowerBound
          return
        }
        state = state << 8 | UInt32(bytes[position])
        position += 1
      }
      return
    }
    let count =
      (state < RANSDecoder.lowerBound ? 1 : 0) + (state < RANSDecoder.lowerBound >> 8 ? 1 : 0)
    let next = UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1])
    let bits = UInt32(8 * count)
    state = state << bits | next >> (16 - bits)
    position += count
  }

  /// The next symbol in table `context` (an index into `starts`), or -1
  /// if the context has no table.
  @inline(__always)
  mutating func decode(_ context: Int, _ tables: FrequencyTables.View) -> Int {
    let slot = state & UInt32(FrequencyTables.total - 1)
    // The bucket says where to start; a context's ranges cover every slot,
    // so the walk ends within the context.
    let bucket = Int(slot >> UInt32(FrequencyTables.bucketShift))
    var index = Int(tables.buckets[context &* FrequencyTables.bucketsPerContext &+ bucket])
    var entry = tables.entries[index]
    while slot &- (entry & 0x1FFF) >= (entry >> 13) & 0x1FFF {
      index &+= 1
      entry = tables.entries[index]
    }
    let cumulative = entry & 0x1FFF
    let frequency = (entry >> 13) & 0x1FFF
    guard frequency <= UInt32(FrequencyTables.total) else {
      failed = true
      return -1
    }
    state = frequency &* (state >> UInt32(FrequencyTables.scaleBits)) &+ (slot &- cumulative)
    refill()
    return Int(entry >> 26)
  }

  /// `count` (1–8) raw bits.
  @inline(__always)
  mutating func raw(_ count: Int) -> Int {
    let value = state & ((1 << UInt32(count)) - 1)
    state >>= UInt32(count)
    refill()
    return Int(value)
  }
}
