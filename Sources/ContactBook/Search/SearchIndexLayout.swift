/// Where everything sits in the flat arrays of a `SearchIndex` (and of a
/// search's levels) for a book of `capacity` slots. It is the one place
/// that knows the offsets; the index and the search ask it.
///
/// - A bitset of all slots is `words` 64-bit words: slot `s` is bit
///   `s & 63` of word `s >> 6`.
/// - Masks: a record of `planeCount` 64-bit masks per slot. Planes 0–9 say
///   where each digit occurs in the name keys, 12–21 where it occurs in the
///   numbers; then where tokens start, where name tokens start and where
///   numbers start.
/// - Indexed queries, numbered `0`–`9`, `*` (10), `#` (11), then `00`–`99`
///   (12–111).
/// - A class set is `classBits` bitsets, the match class of each slot in
///   binary (bit 0, bit 1, bit 2; 0 is no class). The index keeps one per
///   indexed query, one after the other; a search's level is one, and a
///   search keeps its levels one after the other.
/// - Pairs: a bitset for each name digit pair `ab` (the slots whose name
///   keys have `b` right after `a`), then one for each number prefix `ab`.
struct SearchIndexLayout: Sendable {
  /// Positions per mask.
  static let width = 64
  /// Masks per slot.
  static let planeCount = 23
  /// The token-start plane (all tokens).
  static let tokenStartPlane = 10
  /// The name-token-start plane.
  static let nameStartPlane = 11
  /// The number-start plane.
  static let numberStartPlane = 22
  /// Queries indexed: `0`–`9`, `*`, `#`, then `00`–`99`.
  static let queryCount = 112
  /// Bitsets per class set (the class in binary).
  static let classBits = 3

  /// Slots.
  let capacity: Int
  /// 64-bit words in a bitset of all slots.
  let words: Int

  /// The layout for `capacity` slots.
  init(capacity: Int) {
    self.capacity = capacity
    words = (capacity + 63) / 64
  }

  // MARK: - Masks

  /// The number of masks.
  var planesCount: Int { SearchIndexLayout.planeCount * capacity }

  /// Where the mask record of `slot` starts; a plane is added to it.
  @inline(__always)
  static func record(of slot: Int) -> Int { slot &* planeCount }

  /// The plane of the name digit `digit` (0–9).
  @inline(__always)
  static func nameDigitPlane(_ digit: UInt8) -> Int { Int(digit) }

  /// The plane of the number digit `digit` (0–9).
  @inline(__always)
  static func numberDigitPlane(_ digit: UInt8) -> Int { 12 &+ Int(digit) }

  // MARK: - Indexed queries

  /// The indexed query of one key: a digit 0–9, `*` as 10 or `#` as 11.
  @inline(__always)
  static func query(_ key: UInt8) -> Int { Int(key) }

  /// The indexed query of two digits (0–9 each).
  @inline(__always)
  static func query(_ first: UInt8, _ second: UInt8) -> Int {
    12 &+ Int(first) &* 10 &+ Int(second)
  }

  /// The keys of an indexed query (the second unused for one key).
  static func keys(ofQuery query: Int) -> (UInt8, UInt8) {
    if query < 12 { return (UInt8(query), 0) }
    return (UInt8((query - 12) / 10), UInt8((query - 12) % 10))
  }

  // MARK: - Class sets

  /// The words of a class set: an indexed query's classes, a search level.
  var classSetSize: Int { SearchIndexLayout.classBits * words }

  /// The words of the class sets of all indexed queries.
  var classesCount: Int { SearchIndexLayout.queryCount * classSetSize }

  /// Where the class set of the indexed `query` starts.
  @inline(__always)
  func classSet(of query: Int) -> Int { query &* classSetSize }

  /// The words of `count` levels of a search, one after the other.
  func levels(_ count: Int) -> Int { count * classSetSize }

  /// Where level `level` of a search lies among its levels.
  func level(_ level: Int) -> Range<Int> { levels(level)..<levels(level + 1) }

  /// Where word `word` of class bit `bit` of the class set at `set` is.
  @inline(__always)
  func classWord(_ set: Int = 0, bit: Int, word: Int) -> Int {
    set &+ bit &* words &+ word
  }

  /// Word `word` of the class set at `set` in `bits`: bits 0, 1 and 2 of
  /// the classes of its slots.
  @inline(__always)
  func classWords(
    _ bits: UnsafeBufferPointer<UInt64>, at set: Int = 0, word: Int
  ) -> (UInt64, UInt64, UInt64) {
    (bits[set &+ word], bits[set &+ words &+ word], bits[set &+ 2 &* words &+ word])
  }

  /// The slots of word `word` with any class in the class set at `set`.
  @inline(__always)
  func anyClass(_ bits: UnsafeBufferPointer<UInt64>, at set: Int = 0, word: Int) -> UInt64 {
    let (b0, b1, b2) = classWords(bits, at: set, word: word)
    return b0 | b1 | b2
  }

  /// Sets word `word` of the class set at `set`: bits 0, 1 and 2 of the
  /// classes of its slots.
  @inline(__always)
  func storeClassWords(
    _ classes: (UInt64, UInt64, UInt64), to bits: UnsafeMutableBufferPointer<UInt64>,
    at set: Int = 0, word: Int
  ) {
    bits[set &+ word] = classes.0
    bits[set &+ words &+ word] = classes.1
    bits[set &+ 2 &* words &+ word] = classes.2
  }

  /// Sets the class set at `set` to the slots of `candidates` with class
  /// bound 1 (any class still possible): the level a search starts from.
  func storeFirstLevel(
    _ candidates: UnsafeBufferPointer<UInt64>, to bits: UnsafeMutableBufferPointer<UInt64>,
    at set: Int = 0
  ) {
    for word in 0..<words {
      storeClassWords((candidates[word], 0, 0), to: bits, at: set, word: word)
    }
  }

  /// Adds slots to word `word` of the class set at `set`: bits 0, 1 and 2
  /// of their classes.
  @inline(__always)
  func addClassWords(
    _ classes: (UInt64, UInt64, UInt64), to bits: UnsafeMutableBufferPointer<UInt64>,
    at set: Int = 0, word: Int
  ) {
    bits[set &+ word] |= classes.0
    bits[set &+ words &+ word] |= classes.1
    bits[set &+ 2 &* words &+ word] |= classes.2
  }

  // MARK: - Pairs

  /// The words of all pair bitsets.
  var pairsCount: Int { 200 * words }

  /// Where the bitset of the slots whose name keys have `second` right
  /// after `first` starts.
  @inline(__always)
  func namePair(_ first: UInt8, _ second: UInt8) -> Int {
    (Int(first) &* 10 &+ Int(second)) &* words
  }

  /// Where the bitset of the slots with a number starting with `first`,
  /// `second` starts.
  @inline(__always)
  func numberPrefix(_ first: UInt8, _ second: UInt8) -> Int {
    (100 &+ Int(first) &* 10 &+ Int(second)) &* words
  }
}
