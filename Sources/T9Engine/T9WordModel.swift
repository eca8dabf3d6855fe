/// The statistical models a `.t9dict` codes its words with: what each
/// symbol is, how many values it takes, and which context (earlier symbols
/// of the word or of the previous word) picks its frequency table. The
/// builder and the reader compute contexts with these same functions.
enum T9WordModel {
  /// How many keys a word shares with the previous one; context: the
  /// previous word's key count (up to 15).
  static let shared = 0
  /// A key (1–9) or 0 for the end; context: the two keys before it, or for
  /// the first key after the shared ones, the key before it and the
  /// previous word's key at that place.
  static let key = 1
  /// How many of the shared positions share letters too; context: the
  /// shared key count (up to 12) and whether the keys are the same.
  static let letterShare = 2
  /// A letter's place on its key (0–3, a capital 4–7, 8: an extra letter);
  /// context: the letter before it and the key.
  static let letter = 3
  /// The score's drop from the previous word with the same keys (63: none,
  /// the score follows).
  static let drop = 4
  /// The score's high part (score >> 4; 63: 16 raw bits follow); context:
  /// the key count (up to 15).
  static let scoreHigh = 5
  /// The score's low 4 bits; context: the high part (up to 12).
  static let scoreLow = 6

  /// How many models there are.
  static let modelCount = 7
  /// Each model's number of contexts.
  static let contextCounts: [Int] = [16, 200, 26, 29 * 9, 1, 16, 13]
  /// Each model's number of symbols (at most 64).
  static let alphabetSizes: [Int] = [49, 10, 49, 9, 64, 64, 16]
  /// The letter symbol for an extra (non-ASCII) letter.
  static let extraLetter = 8
  /// The drop symbol and score high part that escape.
  static let escape = 63

  /// How many raw bits an index into `count` extra letters takes.
  static func extraBits(count: Int) -> Int {
    var bits = 1
    while 1 << bits < count { bits += 1 }
    return bits
  }

  static func sharedContext(previousCount: Int) -> Int { Swift.min(previousCount, 15) }

  /// `first`: the first key after the shared ones, where `previousKey` is
  /// the previous word's key there (10 when it had no more keys).
  @inline(__always)
  static func keyContext(first: Bool, twoBack: UInt8, oneBack: UInt8, previousKey: UInt8) -> Int {
    first ? 100 + Int(oneBack) * 10 + Int(previousKey) - 1 : Int(twoBack) * 10 + Int(oneBack)
  }

  static func letterShareContext(shared: Int, sameKeys: Bool) -> Int {
    Swift.min(shared, 12) * 2 + (sameKeys ? 1 : 0)
  }

  /// The letter before (0: none, 1–26: a–z either case, 27: apostrophe,
  /// 28: another) and the key (1–9).
  @inline(__always)
  static func letterContext(before: UInt32, key: UInt8) -> Int {
    var kind = 28
    if before == 0 {
      kind = 0
    } else if before >= 0x61 && before <= 0x7A {
      kind = Int(before) - 0x60
    } else if before >= 0x41 && before <= 0x5A {
      kind = Int(before) - 0x40
    } else if before == 0x27 {
      kind = 27
    }
    return kind * 9 + Int(key) - 1
  }

  static func scoreHighContext(keyCount: Int) -> Int { Swift.min(keyCount, 15) }

  static func scoreLowContext(high: Int) -> Int { Swift.min(high, 12) }

  /// The letter symbol of an ASCII scalar on `key`, or nil if it is not
  /// one of the key's letters (then it is an extra letter). The inverse of
  /// `letter(_:key:)`.
  @inline(__always)
  static func letterSymbol(_ scalar: UInt32, key: UInt8) -> Int? {
    guard key > 1 else { return key == 1 && scalar == 0x27 ? 0 : nil }
    let isUpper = scalar >= 0x41 && scalar <= 0x5A
    let lower = isUpper ? scalar + 32 : scalar
    guard key <= 9, lower >= 0x61, lower <= 0x7A else { return nil }
    let (first, count) = letters(onKey: key)
    guard lower >= first, lower - first < count else { return nil }
    return Int(lower - first) + (isUpper ? 4 : 0)
  }

  /// The ASCII letter for a symbol on `key`, or nil if the symbol is not
  /// one of its letters.
  @inline(__always)
  static func letter(_ symbol: Int, key: UInt8) -> UInt32? {
    guard key > 1 else { return key == 1 && symbol == 0 ? 0x27 : nil }
    guard key <= 9 else { return nil }
    let (first, count) = letters(onKey: key)
    let place = UInt32(symbol & 3)
    guard symbol < 8, place < count else { return nil }
    return first + place - (symbol >= 4 ? 32 : 0)
  }

  /// Key `key`'s (2–9) lower-case letters: the first, as ASCII, and how
  /// many (abc … wxyz).
  @inline(__always)
  private static func letters(onKey key: UInt8) -> (first: UInt32, count: UInt32) {
    (
      key < 8 ? 0x61 + 3 * UInt32(key - 2) : 0x74 + 3 * UInt32(key - 8),
      key == 7 || key == 9 ? 4 : 3
    )
  }
}
