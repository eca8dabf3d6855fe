/// Where decoding can start inside a block of a `T9Dictionary`, kept from
/// opening: at the start of each part of `partSize` words but the first,
/// both streams' coder state and position, and the word before the part
/// (its keys, letters and score), which the part's first word is coded
/// against. A query then decodes from the start of the part a word is in,
/// not from the start of its block: at most `partSize - 1` words before it
/// instead of 63.
///
/// A part whose previous word has more than 16 keys or a letter other than
/// its keys' own ASCII letters has no entry point (decoding starts at an
/// earlier one); so has every part of a block longer than 65,535 bytes.
struct T9EntryPoints: Sendable {
  /// Words per part (a power of two).
  static let partShift = 3
  static let partSize = 1 << partShift
  /// The longest previous word an entry point keeps.
  static let keptKeys = 16

  /// Entry points per block (one per part but the first).
  let perBlock: Int
  /// Per entry point (block × `perBlock` + part − 1): the keys' and the
  /// letters' coder states and positions (from the block's start).
  private(set) var keyStates: [UInt32] = []
  private(set) var keyPositions: [UInt16] = []
  private(set) var letterStates: [UInt32] = []
  private(set) var letterPositions: [UInt16] = []
  /// The previous word: its key count (0: no entry point here), score,
  /// keys and letters' places on their keys (4 bits each, the first in the
  /// low bits).
  private(set) var previousCounts: [UInt8] = []
  private(set) var previousScores: [UInt16] = []
  private(set) var previousKeys: [UInt64] = []
  private(set) var previousLetters: [UInt64] = []

  /// No entry points yet for `blocks` blocks of `blockSize` words (all the
  /// memory they take is reserved here).
  init(blocks: Int, blockSize: Int) {
    perBlock = Swift.max(0, blockSize / T9EntryPoints.partSize - 1)
    let count = blocks * perBlock
    keyStates = [UInt32](repeating: 0, count: count)
    keyPositions = [UInt16](repeating: 0, count: count)
    letterStates = [UInt32](repeating: 0, count: count)
    letterPositions = [UInt16](repeating: 0, count: count)
    previousCounts = [UInt8](repeating: 0, count: count)
    previousScores = [UInt16](repeating: 0, count: count)
    previousKeys = [UInt64](repeating: 0, count: count)
    previousLetters = [UInt64](repeating: 0, count: count)
  }

  /// The entry point of part `part` (≥ 1) of `block`, if it has one.
  @inline(__always)
  func entry(block: Int, part: Int) -> Int? {
    let index = block &* perBlock &+ part &- 1
    guard index < previousCounts.count, previousCounts[index] > 0 else { return nil }
    return index
  }

  /// The first word (a place in the block) of the last part at or before
  /// `word` where decoding can start: 0, the block's start, or a part with
  /// an entry point.
  @inline(__always)
  func start(block: Int, atOrBefore word: Int) -> Int {
    var part = word >> T9EntryPoints.partShift
    while part > 0 {
      if entry(block: block, part: part) != nil { return part << T9EntryPoints.partShift }
      part -= 1
    }
    return 0
  }

  /// Keeps the entry point of part `part` (≥ 1) of `block`: the streams
  /// where the part starts (positions from the block's start) and the
  /// word before it; nothing if that word cannot be kept.
  mutating func keep(
    block: Int, part: Int, keys: RANSDecoder, letters: RANSDecoder, blockStart: Int,
    previous: (keys: UnsafePointer<UInt8>, count: Int, score: Int),
    letterPlaces: UnsafePointer<UInt32>
  ) {
    let keyPosition = keys.position - blockStart
    let letterPosition = letters.position - blockStart
    guard previous.count > 0, previous.count <= T9EntryPoints.keptKeys,
      keyPosition >= 0, keyPosition <= Int(UInt16.max),
      letterPosition >= 0, letterPosition <= Int(UInt16.max)
    else { return }
    var packedKeys: UInt64 = 0
    var packedLetters: UInt64 = 0
    for place in 0..<previous.count {
      let key = previous.keys[place]
      guard let symbol = T9WordModel.letterSymbol(letterPlaces[place], key: key) else { return }
      packedKeys |= UInt64(key) << UInt64(4 * place)
      packedLetters |= UInt64(symbol) << UInt64(4 * place)
    }
    let index = block * perBlock + part - 1
    keyStates[index] = keys.state
    letterStates[index] = letters.state
    keyPositions[index] = UInt16(keyPosition)
    letterPositions[index] = UInt16(letterPosition)
    previousCounts[index] = UInt8(previous.count)
    previousScores[index] = UInt16(truncatingIfNeeded: previous.score)
    previousKeys[index] = packedKeys
    previousLetters[index] = packedLetters
  }

  /// -1, 0 or 1: entry point `entry`'s previous word compared with `keys`
  /// as `T9Dictionary.compare(word:with:)` does.
  @inline(__always)
  func comparePrevious(_ entry: Int, with keys: KeySequence) -> Int {
    let count = Int(previousCounts[entry])
    var packed = previousKeys[entry]
    for index in 0..<Swift.min(count, keys.count) {
      let key = UInt8(truncatingIfNeeded: packed & 15)
      if key != keys[index] { return key < keys[index] ? -1 : 1 }
      packed >>= 4
    }
    return count >= keys.count ? 0 : -1
  }
}
