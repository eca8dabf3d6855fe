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
///
/// Its storage is reserved when the dictionary is opened and written, one
/// block by one caller, while the dictionary's blocks are validated (ranges
/// of blocks may be validated on several threads at once); then it is only
/// read.
final class T9EntryPoints: @unchecked Sendable {
  /// Words per part (a power of two).
  static let partShift = 3
  static let partSize = 1 << partShift
  /// The longest previous word an entry point keeps.
  static let keptKeys = 16

  /// Entry points per block (one per part but the first).
  let perBlock: Int
  /// Per entry point (block × `perBlock` + part − 1).
  private let entries: UnsafeMutablePointer<Entry>
  private let count: Int

  /// One entry point: the keys' and the letters' coder states and
  /// positions (from the block's start), and the previous word: its key
  /// count (0: no entry point here), score, keys and letters' places on
  /// their keys (4 bits each, the first in the low bits). 32 bytes, read
  /// together.
  struct Entry: Sendable {
    var previousKeys: UInt64 = 0
    var previousLetters: UInt64 = 0
    var keyState: UInt32 = 0
    var letterState: UInt32 = 0
    var keyPosition: UInt16 = 0
    var letterPosition: UInt16 = 0
    var previousScore: UInt16 = 0
    var previousCount: UInt8 = 0
  }

  /// No entry points yet for `blocks` blocks of `blockSize` words (all the
  /// memory they take is reserved here).
  init(blocks: Int, blockSize: Int) {
    perBlock = Swift.max(0, blockSize / T9EntryPoints.partSize - 1)
    count = blocks * perBlock
    entries = .filled(with: Entry(), count: count)
  }

  deinit {
    entries.deinitialize(count: count)
    entries.deallocate()
  }

  /// The entry point of part `part` (≥ 1) of `block`, if it has one.
  @inline(__always)
  func entry(block: Int, part: Int) -> Entry? {
    index(block: block, part: part).map { entries[$0] }
  }

  /// Where the entry point of part `part` (≥ 1) of `block` is kept, if it
  /// has one.
  @inline(__always)
  private func index(block: Int, part: Int) -> Int? {
    let index = block &* perBlock &+ part &- 1
    return index < count && entries[index].previousCount > 0 ? index : nil
  }

  /// The first word (a place in the block) of the last part at or before
  /// `word` where decoding can start: 0, the block's start, or a part with
  /// an entry point.
  @inline(__always)
  func start(block: Int, atOrBefore word: Int) -> Int {
    var part = word >> T9EntryPoints.partShift
    while part > 0 {
      if index(block: block, part: part) != nil { return part << T9EntryPoints.partShift }
      part -= 1
    }
    return 0
  }

  /// Keeps the entry point of part `part` (≥ 1) of `block`: the streams
  /// where the part starts (positions from the block's start) and the
  /// word before it; nothing if that word cannot be kept.
  func keep(
    block: Int, part: Int, keys: RANSDecoder, letters: RANSDecoder, blockStart: Int,
    previous: (keys: UnsafePointer<UInt8>, count: Int, score: Int),
    text: UnsafeBufferPointer<UInt8>
  ) {
    let keyPosition = keys.position - blockStart
    let letterPosition = letters.position - blockStart
    // One byte a letter: ASCII only.
    guard previous.count > 0, previous.count <= T9EntryPoints.keptKeys,
      text.count == previous.count,
      keyPosition >= 0, keyPosition <= Int(UInt16.max),
      letterPosition >= 0, letterPosition <= Int(UInt16.max)
    else { return }
    var entry = Entry(
      keyState: keys.state, letterState: letters.state, keyPosition: UInt16(keyPosition),
      letterPosition: UInt16(letterPosition),
      previousScore: UInt16(truncatingIfNeeded: previous.score),
      previousCount: UInt8(previous.count))
    for place in 0..<previous.count {
      let key = previous.keys[place]
      guard let symbol = T9WordModel.letterSymbol(UInt32(text[place]), key: key) else { return }
      entry.previousKeys |= UInt64(key) << UInt64(4 * place)
      entry.previousLetters |= UInt64(symbol) << UInt64(4 * place)
    }
    entries[block * perBlock + part - 1] = entry
  }

  /// -1, 0 or 1: `entry`'s previous word compared with `keys` as
  /// `T9Dictionary.compare(word:with:)` does (`keysPacked`:
  /// `keys.packedPrefix`).
  @inline(__always)
  static func comparePrevious(_ entry: Entry, with keys: KeySequence, _ keysPacked: UInt64)
    -> Int
  {
    // An entry keeps at most 16 keys: the packed keys always tell.
    KeySequence.compare(
      packed: entry.previousKeys, count: Int(entry.previousCount), with: keys,
      keysPacked: keysPacked) ?? -1
  }

}
