/// Writes one stream of a `.t9dict` block for `RANSDecoder` (the builder's
/// side).
/// rANS codes in reverse: the symbols are collected first, then `finish`
/// codes them last to first, so the decoder reads them first to last.
struct RANSEncoder {
  /// A symbol to code: its cumulative frequency and frequency out of
  /// 2^bits.
  struct Step {
    var cumulative: UInt32
    var frequency: UInt32
    var bits: UInt32
  }

  private var steps: [Step] = []

  /// Adds a symbol with a 12-bit frequency.
  mutating func add(cumulative: Int, frequency: Int) {
    steps.append(
      Step(
        cumulative: UInt32(cumulative), frequency: UInt32(frequency),
        bits: UInt32(FrequencyTables.scaleBits)))
  }

  /// Adds `count` (1–8) raw bits.
  mutating func addRaw(_ value: Int, count: Int) {
    steps.append(Step(cumulative: UInt32(value), frequency: 1, bits: UInt32(count)))
  }

  /// The stream's bytes in reading order: the final state, then what the
  /// decoder refills (a block's backward stream is stored reversed).
  func finish() -> [UInt8] {
    var state = RANSDecoder.lowerBound
    var reversed: [UInt8] = []
    for step in steps.reversed() {
      let limit = ((RANSDecoder.lowerBound >> step.bits) << 8) * step.frequency
      while state >= limit {
        reversed.append(UInt8(truncatingIfNeeded: state))
        state >>= 8
      }
      state = (state / step.frequency) << step.bits + state % step.frequency + step.cumulative
    }
    var bytes: [UInt8] = []
    for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: state >> (8 * UInt32(index)))) }
    bytes.append(contentsOf: reversed.reversed())
    return bytes
  }
}
