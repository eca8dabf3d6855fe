/// Reads one stream of a `.t9dict` block: byte-wise rANS (a 32-bit state
/// kept in [2^23, 2^31), refilled a byte at a time) over the static tables
/// of `FrequencyTables`. A block holds two streams, its keys read forwards
/// from its start and its letters backwards from its end, so either can be
/// read as far as a query needs without the other. Reading never goes past
/// the block: a stream that runs out, or a symbol no table has, sets
/// `failed`.
struct RANSDecoder {
  static let lowerBound: UInt32 = 1 << 23
  /// The coder's state (kept, with `position`, by an entry point).
  private(set) var state: UInt32 = 0
  /// Forwards, the next byte to read; backwards, one past it.
  private(set) var position: Int
  /// Forwards, the end of the block; backwards, its start.
  private let limit: Int
  private let backwards: Bool
  private let bytes: UnsafeRawBufferPointer
  /// Whether the stream was malformed.
  private(set) var failed = false

  /// A stream with nothing to read (a placeholder until a block is read).
  init() {
    bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    position = 0
    limit = 0
    backwards = false
    failed = true
  }

  /// Starts reading `bytes[start..<end]`, forwards from `start` (the first
  /// four bytes are the state, little-endian) or backwards from `end` (the
  /// last four, the other way round).
  init(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, backwards: Bool = false) {
    self.bytes = bytes
    self.backwards = backwards
    limit = backwards ? start : end
    guard start + 4 <= end else {
      failed = true
      position = limit
      return
    }
    if backwards {
      position = end - 4
      for index in 0..<4 { state |= UInt32(bytes[end - 1 - index]) << (8 * UInt32(index)) }
    } else {
      position = start + 4
      for index in 0..<4 { state |= UInt32(bytes[start + index]) << (8 * UInt32(index)) }
    }
    if state < RANSDecoder.lowerBound || state >= 1 << 31 { failed = true }
  }

  /// Resumes reading `bytes[start..<end]` where an earlier reader of it
  /// stood: at `position`, in `state` (an entry point kept at opening).
  init(
    _ bytes: UnsafeRawBufferPointer, start: Int, end: Int, backwards: Bool, position: Int,
    state: UInt32
  ) {
    self.bytes = bytes
    self.backwards = backwards
    limit = backwards ? start : end
    self.position = position
    self.state = state
    if state < RANSDecoder.lowerBound || state >= 1 << 31 || position < start || position > end {
      failed = true
    }
  }

  /// Whether the stream read cleanly and its state is back where the
  /// encoder started (where it ends is for the caller to check).
  var finishedCleanly: Bool { !failed && state == RANSDecoder.lowerBound }

  /// Reads the bytes the state needs to be back in range: none, one or
  /// two after a 12-bit symbol, without a branch when two bytes are left.
  @inline(__always)
  private mutating func refill() {
    let count =
      (state < RANSDecoder.lowerBound ? 1 : 0) + (state < RANSDecoder.lowerBound >> 8 ? 1 : 0)
    let next: UInt32
    if backwards {
      guard position - 2 >= limit else { return refillSlowly() }
      next = UInt32(bytes[position - 1]) << 8 | UInt32(bytes[position - 2])
      position -= count
    } else {
      guard position + 2 <= limit else { return refillSlowly() }
      next = UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1])
      position += count
    }
    let bits = UInt32(8 * count)
    state = state << bits | next >> (16 - bits)
  }

  /// `refill` near the stream's end, a byte at a time.
  private mutating func refillSlowly() {
    while state < RANSDecoder.lowerBound {
      guard backwards ? position > limit : position < limit else {
        failed = true
        state = RANSDecoder.lowerBound
        return
      }
      if backwards {
        position -= 1
        state = state << 8 | UInt32(bytes[position])
      } else {
        state = state << 8 | UInt32(bytes[position])
        position += 1
      }
    }
  }

  /// The next symbol in table `context` (an index into `starts`), or -1
  /// if the context has no table.
  @inline(__always)
  mutating func decode(_ context: Int, _ tables: FrequencyTables.View) -> Int {
    let slot = state & UInt32(FrequencyTables.total - 1)
    // The bucket says where to start; a context's ranges cover every slot,
    // so the walk ends within the context.
    let bucket = Int(slot >> UInt32(FrequencyTables.bucketShift))
    var index =
      Int(tables.starts[context])
      &+ Int(tables.buckets[context &* FrequencyTables.bucketsPerContext &+ bucket])
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
