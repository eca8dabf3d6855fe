/// One contact's keys in a `SearchKeyStore` record. Only valid inside the
/// closure that gave it.
struct StoredKeys {
  /// The record's bytes.
  let record: UnsafeBufferPointer<UInt8>

  /// How many name, nickname and organisation digits there are.
  var count: Int { Int(record[0]) }
  /// How many of them are the name's.
  var nameDigits: Int { Int(record[1]) }
  /// How many tokens are the name's.
  var nameTokens: Int { Int(record[3]) }

  /// The digit at key position `position`.
  @inline(__always)
  func digit(_ position: Int) -> UInt8 { record[SearchKeyStore.digitsOffset &+ position] & 0x0F }

  /// Whether a token starts at `position`.
  @inline(__always)
  func isStart(_ position: Int) -> Bool {
    record[SearchKeyStore.digitsOffset &+ position] & SearchKeyStore.startFlag != 0
  }

  /// The name character (grapheme index) name digit `position` came from.
  func source(_ position: Int) -> Int { Int(record[SearchKeyStore.sourcesOffset + position]) }

  /// How many digits number `index` has (0 if there is no such number).
  func numberLength(_ index: Int) -> Int { Int(record[4 + index]) }

  /// Digit `position` of number `index` (`*` 10, `#` 11).
  @inline(__always)
  func numberDigit(_ index: Int, _ position: Int) -> UInt8 {
    record[SearchKeyStore.numbersOffset &+ index &* PhoneNumber.maximumDialable &+ position]
  }

  /// Calls `body` with the positions where tokens start, in order.
  func withStarts<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchKeyStore.maximumDigits) {
      scratch in
      var tokens = 0
      for position in 0..<count where isStart(position) {
        scratch[tokens] = UInt8(truncatingIfNeeded: position)
        tokens += 1
      }
      return body(UnsafeBufferPointer(rebasing: scratch[0..<tokens]))
    }
  }
}
