/// One contact's keys in a `SearchKeyStore` payload. Only valid inside the
/// closure that gave it.
struct StoredKeys {
  /// The payload's bytes.
  let record: UnsafeBufferPointer<UInt8>
  /// How many name, nickname and organisation digits there are.
  let count: Int
  /// How many of them are the name's.
  let nameDigits: Int
  /// Where the name sources start in the payload.
  private let sourcesOffset: Int
  /// Where the digits of each number start in the payload.
  private let numberOffsets: (Int, Int, Int, Int)

  /// The keys in `record`, a payload of a `SearchKeyStore`.
  init(record: UnsafeBufferPointer<UInt8>) {
    self.record = record
    count = Int(record[SearchKeyStore.countField])
    nameDigits = Int(record[SearchKeyStore.nameDigitsField])
    sourcesOffset = SearchKeyStore.digitsOffset + count
    let lengths = SearchKeyStore.numberLengthsField
    let first = sourcesOffset + nameDigits
    let second = first + Int(record[lengths])
    let third = second + Int(record[lengths + 1])
    numberOffsets = (first, second, third, third + Int(record[lengths + 2]))
  }

  /// How many tokens are the name's.
  var nameTokens: Int { Int(record[SearchKeyStore.nameTokensField]) }

  /// The digit at key position `position`.
  @inline(__always)
  func digit(_ position: Int) -> UInt8 { record[SearchKeyStore.digitsOffset &+ position] & 0x0F }

  /// Whether a token starts at `position`.
  @inline(__always)
  func isStart(_ position: Int) -> Bool {
    record[SearchKeyStore.digitsOffset &+ position] & SearchKeyStore.startFlag != 0
  }

  /// The name character (grapheme index) name digit `position` came from.
  func source(_ position: Int) -> Int { Int(record[sourcesOffset + position]) }

  /// How many digits number `index` has (0 if there is no such number).
  func numberLength(_ index: Int) -> Int {
    Int(record[SearchKeyStore.numberLengthsField + index])
  }

  /// Digit `position` of number `index` (`*` 10, `#` 11).
  @inline(__always)
  func numberDigit(_ index: Int, _ position: Int) -> UInt8 {
    let start: Int
    switch index {
    case 0: start = numberOffsets.0
    case 1: start = numberOffsets.1
    case 2: start = numberOffsets.2
    default: start = numberOffsets.3
    }
    return record[start &+ position]
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
