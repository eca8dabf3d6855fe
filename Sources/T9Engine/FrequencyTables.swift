/// The static frequency tables of a `.t9dict`, one per context of each
/// `T9WordModel`, as the rANS coder uses them: 12-bit frequencies that sum
/// to 4096 in every context that is used.
///
/// The file stores each frequency as a one-byte code on a log scale (code c
/// weighs 2^(c/16)); `normalised` turns a context's codes into
/// frequencies, the same way for the builder and the reader. In memory each
/// symbol is one `UInt32` (cumulative frequency, frequency, symbol), most
/// frequent first so decoding finds the likely symbols after a compare or
/// two.
struct FrequencyTables: Sendable {
  /// The precision of the frequencies.
  static let scaleBits = 12
  static let total = 1 << scaleBits

  /// Entries: bits 0–12 cumulative frequency, 13–25 frequency, 26–31 symbol.
  let entries: [UInt32]
  /// The first entry of each context (all models' contexts in a row), and
  /// one past the last.
  let starts: [Int32]
  /// The first context of each model in `starts`.
  let modelBase: [Int]
  /// Per context, 64 buckets of the 4096 slots: the entry whose range
  /// holds the bucket's first slot, from the context's first entry, where
  /// decoding starts looking (one byte each, so the hot part of the tables
  /// stays in the processor's fastest cache). An unused context starts at
  /// entry 0, which no context uses: its frequency, 8191, is larger than
  /// any a context can have.
  let buckets: [UInt8]
  static let bucketShift = 6
  /// The entry unused contexts lead to.
  static let unusedEntry: UInt32 = 0x1FFF << 13
  static let bucketsPerContext = total >> bucketShift

  /// The tables as pointers, for decoding a block.
  struct View {
    let entries: UnsafeBufferPointer<UInt32>
    let starts: UnsafeBufferPointer<Int32>
    let buckets: UnsafeBufferPointer<UInt8>
  }

  /// Calls `body` with the tables as pointers.
  @inline(__always)
  func withView<Result>(_ body: (View) -> Result) -> Result {
    entries.withUnsafeBufferPointer { entries in
      starts.withUnsafeBufferPointer { starts in
        buckets.withUnsafeBufferPointer { buckets in
          body(View(entries: entries, starts: starts, buckets: buckets))
        }
      }
    }
  }

  static func modelBases() -> [Int] {
    var bases: [Int] = []
    var next = 0
    for count in T9WordModel.contextCounts {
      bases.append(next)
      next += count
    }
    return bases
  }

  /// Reads the table section `bytes[start..<end]`; nil if it is malformed
  /// (a context longer than its model's alphabet, without any symbol, or
  /// bytes left over).
  init?(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
    var entries: [UInt32] = [FrequencyTables.unusedEntry]
    var starts: [Int32] = []
    var position = start
    var codes = InlineArray<64, UInt8>(repeating: 0)
    for model in 0..<T9WordModel.modelCount {
      let alphabet = T9WordModel.alphabetSizes[model]
      for _ in 0..<T9WordModel.contextCounts[model] {
        starts.append(Int32(entries.count))
        guard position < end else { return nil }
        let count = Int(bytes[position])
        position += 1
        guard count <= alphabet, position + count <= end else { return nil }
        guard count > 0 else { continue }
        for index in 0..<count { codes[index] = bytes[position + index] }
        position += count
        guard codes[count - 1] != 0 else { return nil }
        FrequencyTables.normalised(codes, count: count) { symbol, cumulative, frequency in
          entries.append(
            UInt32(cumulative) | UInt32(frequency) << 13 | UInt32(symbol) << 26)
        }
      }
    }
    guard position == end else { return nil }
    starts.append(Int32(entries.count))
    let perContext = FrequencyTables.bucketsPerContext
    var buckets = [UInt8](repeating: 0, count: (starts.count - 1) * perContext)
    for context in 0..<(starts.count - 1) {
      let first = Int(starts[context])
      var entry = first
      let last = Int(starts[context + 1])
      guard entry < last else {
        starts[context] = 0
        continue
      }
      for bucket in 0..<perContext {
        let slot = UInt32(bucket << FrequencyTables.bucketShift)
        while entry + 1 < last && slot >= entries[entry] & 0x1FFF + (entries[entry] >> 13) & 0x1FFF
        {
          entry += 1
        }
        buckets[context * perContext + bucket] = UInt8(entry - first)
      }
    }
    self.entries = entries
    self.starts = starts
    self.buckets = buckets
    self.modelBase = FrequencyTables.modelBases()
  }

  /// The weight of a code: 2^(code/16), scaled by 256.
  static func weight(_ code: UInt8) -> Int {
    let fractions = [
      256, 267, 279, 292, 304, 318, 332, 347, 362, 378, 395, 412, 431, 450, 470, 490,
    ]
    return fractions[Int(code & 15)] << Int(code >> 4)
  }

  /// Calls `body(symbol, cumulative, frequency)` for each present symbol of
  /// a context, most frequent first (ties: lower symbol first); the
  /// frequencies are at least 1 and sum to `total`.
  static func normalised(
    _ codes: InlineArray<64, UInt8>, count: Int, _ body: (Int, Int, Int) -> Void
  ) {
    var frequencies = InlineArray<64, Int>(repeating: 0)
    // In 64 bits: a weight is up to 2^23 and times `total` 2^35, more than
    // a 32-bit `Int` holds (wasm32).
    var sum: Int64 = 0
    for index in 0..<count where codes[index] != 0 { sum += Int64(weight(codes[index])) }
    var assigned = 0
    var largest = -1
    for index in 0..<count where codes[index] != 0 {
      let frequency = Swift.max(1, Int(Int64(weight(codes[index])) * Int64(total) / sum))
      frequencies[index] = frequency
      assigned += frequency
      if largest < 0 || frequency > frequencies[largest] { largest = index }
    }
    frequencies[largest] += total - assigned
    // Most frequent first: a selection over at most 64 symbols.
    var done = InlineArray<64, Bool>(repeating: false)
    var cumulative = 0
    while true {
      var pick = -1
      for index in 0..<count where frequencies[index] > 0 && !done[index] {
        if pick < 0 || frequencies[index] > frequencies[pick] { pick = index }
      }
      guard pick >= 0 else { break }
      done[pick] = true
      body(pick, cumulative, frequencies[pick])
      cumulative += frequencies[pick]
    }
  }

  /// The code for a symbol seen `count` times in a context whose most
  /// frequent symbol was seen `maximum` times (0 for none).
  static func code(count: Int, maximum: Int) -> UInt8 {
    guard count > 0 else { return 0 }
    // 16 × log2(count / maximum) + 255, rounded, at least 1.
    var best: UInt8 = 1
    var bestError = Double.infinity
    let target = Double(count) / Double(maximum) * Double(weight(255))
    for code in UInt8(1)...255 {
      let error = abs(Double(weight(code)) - target) / target
      if error < bestError {
        bestError = error
        best = code
      }
    }
    return best
  }
}
