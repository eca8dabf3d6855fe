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

  @inline(__always)
  private mutating func refill() {
    while state < RANSDecoder.lowerBound {
      guard position < end else {
        failed = true
        state = RANSDecoder.lowerBound
        return
      }
      state = state << 8 | UInt32(bytes[position])
      position += 1
    }
  }

  /// The next symbol in table `context` (an index into `starts`), or -1.
  @inline(__always)
  mutating func decode(
    _ context: Int, _ entries: UnsafeBufferPointer<UInt32>, _ starts: UnsafeBufferPointer<Int32>
  ) -> Int {
    let slot = state & UInt32(FrequencyTables.total - 1)
    var index = Int(starts[context])
    let last = Int(starts[context + 1])
    while index < last {
      let entry = entries[index]
      let cumulative = entry & 0x1FFF
      let frequency = (entry >> 13) & 0x1FFF
      if slot &- cumulative < frequency {
        state = frequency &* (state >> UInt32(FrequencyTables.scaleBits)) &+ slot &- cumulative
        refill()
        return Int(entry >> 26)
      }
      index += 1
    }
    failed = true
    return -1
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
