/// A compiled word list: words sorted by key sequence, with their scores,
/// compressed in blocks (`T9DictionaryFormat`), read from validated bytes.
///
/// Opening checks everything before the first query — size, magic, version,
/// checksum, section bounds, the frequency tables, every block (each word's
/// keys and letters, the sort order, the scores and each block's highest
/// score) — so queries never read out of bounds and a damaged file is
/// refused with an error that names it. Queries decode blocks through a
/// `T9BlockCache` and allocate nothing.
public struct T9Dictionary: Sendable {
  /// The file name given when opening, for messages.
  public let name: String
  /// The language code stored in the file (`en`, `id`).
  public let language: String
  /// How many words it holds.
  public let wordCount: Int
  /// The checksum of the word list it was built from.
  public let sourceChecksum: UInt64
  /// The checksum of the file itself.
  public let fileChecksum: UInt64
  /// Words per block.
  public let blockSize: Int
  let storage: T9DictionaryBytes
  let tables: FrequencyTables
  /// The extra (non-ASCII) letters, sorted, and their keys.
  let extras: [UInt32]
  let extraKeys: [UInt8]
  /// How many raw bits an index into `extras` takes.
  let extraBits: Int
  let blockShift: Int
  let blockCount: Int
  let tableOffset: Int
  let indexOffset: Int
  let dataOffset: Int
  let dataEnd: Int
  /// Found while validating, per block: its first word's first 16 keys
  /// (4 bits each, the first in the low bits) and key count, so searches
  /// pick a block without decoding, and where its highest score is, so
  /// `bestWord` decodes no block it does not end in.
  private(set) var firstKeys: [UInt64] = []
  private(set) var firstKeyCounts: [UInt8] = []
  private(set) var bestPlaces: [UInt8] = []
  /// The same per part of `T9EntryPoints.partSize` words (block × parts
  /// per block + part): where its highest score is (a place in the block)
  /// and that score.
  private(set) var partBestPlaces: [UInt8] = []
  private(set) var partHighestScores: [UInt16] = []
  /// Found while validating: the range of the words that start with each
  /// sequence of one to three keys (`shortPrefix`), as lower and upper
  /// bounds in a row (upper 0: no word does), so a word's first three keys
  /// search nothing: 8.9 kB.
  private(set) var shortRanges: [UInt32] = []
  /// Found while validating: where decoding can start inside each block.
  private(set) var entryPoints = T9EntryPoints(blocks: 0, blockSize: 0)
  /// How many keys `shortRanges` knows.
  static let shortKeys = 3

  /// The place in `shortRanges` of the sequence at `prefix` (nil: no key
  /// yet) with `key` (0–9) after it: 1 key 0..<10, 2 keys 10..<110, 3 keys
  /// 110..<1110.
  @inline(__always)
  static func shortPrefix(extending prefix: Int?, with key: UInt8) -> Int {
    guard let prefix else { return Int(key) }
    return 10 + prefix * 10 + Int(key)
  }

  /// Validates a copy of `bytes` as a `.t9dict` file; `name` is used in
  /// errors.
  public init(bytes: [UInt8], name: String) throws(T9DictionaryError) {
    try self.init(storage: T9DictionaryBytes(copying: bytes), name: name)
  }

  /// Validates `storage` (e.g. a mapped file) as a `.t9dict` file; `name`
  /// is used in errors.
  public init(storage: T9DictionaryBytes, name: String) throws(T9DictionaryError) {
    self.name = name
    self.storage = storage
    let buffer = storage.bytes
    func fail(_ message: String) -> T9DictionaryError { T9DictionaryError(file: name, message) }
    let count = buffer.count
    guard count >= T9DictionaryFormat.headerSize else {
      throw fail("truncated: \(count) bytes, shorter than the 64-byte header")
    }
    guard Array(buffer[0..<8]) == T9DictionaryFormat.magic else {
      throw fail("not a t9phone dictionary (bad magic)")
    }
    let version = ByteReader.u16(buffer, 8)
    guard version == Int(T9DictionaryFormat.version) else {
      throw fail(
        "unsupported format version \(version) (this t9phone reads version \(T9DictionaryFormat.version))"
      )
    }
    let declaredLength = ByteReader.u32(buffer, 40)
    guard declaredLength <= count else {
      throw fail("truncated: the header says \(declaredLength) bytes, the file has \(count)")
    }
    guard declaredLength == count else {
      throw fail("\(count - declaredLength) unexpected bytes after the end of the dictionary")
    }
    let stored = ByteReader.u64(buffer, T9DictionaryFormat.checksumOffset)
    guard stored == T9DictionaryFormat.fileChecksum(UnsafeRawBufferPointer(buffer)) else {
      throw fail("checksum mismatch: the file is corrupted")
    }
    guard ByteReader.u16(buffer, 10) == T9DictionaryFormat.headerSize, buffer[15] == 0,
      ByteReader.u32(buffer, 52) == 0
    else { throw fail("bad header") }
    guard Int(buffer[14]) == T9DictionaryFormat.blockShift else {
      throw fail("unsupported block size")
    }
    let (l0, l1) = (buffer[12], buffer[13])
    guard (0x61...0x7A).contains(l0), (0x61...0x7A).contains(l1) else {
      throw fail("bad language code in the header")
    }
    let words = ByteReader.u32(buffer, 16)
    let shift = Int(buffer[14])
    let blocks = (words + (1 << shift) - 1) >> shift
    let tables = ByteReader.u32(buffer, 20)
    let extrasAt = ByteReader.u32(buffer, 24)
    let index = ByteReader.u32(buffer, 28)
    let data = ByteReader.u32(buffer, 32)
    let dataLength = ByteReader.u32(buffer, 36)
    guard words > 0, tables == T9DictionaryFormat.headerSize, extrasAt >= tables,
      extrasAt + 2 <= count
    else { throw fail("section table does not match the file's size") }
    let extraCount = ByteReader.u16(buffer, extrasAt)
    guard index == extrasAt + 2 + 3 * extraCount,
      data == index + T9DictionaryFormat.indexEntrySize * blocks, data + dataLength == count
    else { throw fail("section table does not match the file's size") }
    guard let coding = FrequencyTables(buffer, start: tables, end: extrasAt) else {
      throw fail("corrupted: bad frequency tables")
    }
    var extras: [UInt32] = []
    var extraKeys: [UInt8] = []
    for place in 0..<extraCount {
      let value = UInt32(ByteReader.u24(buffer, extrasAt + 2 + 3 * place))
      guard value >= 0x80, extras.last.map({ value > $0 }) ?? true,
        let scalar = Unicode.Scalar(value), let key = KeyLayout.key(for: scalar)
      else { throw fail("corrupted: bad extra letter \(place)") }
      extras.append(value)
      extraKeys.append(key)
    }
    language = String(decoding: [l0, l1], as: UTF8.self)
    wordCount = words
    sourceChecksum = ByteReader.u64(buffer, 44)
    fileChecksum = stored
    blockShift = shift
    blockSize = 1 << shift
    blockCount = blocks
    tableOffset = tables
    indexOffset = index
    dataOffset = data
    dataEnd = count
    self.tables = coding
    self.extras = extras
    self.extraKeys = extraKeys
    extraBits = T9WordModel.extraBits(count: extraCount)
    if let problem = validateBlocks() { throw fail("corrupted: \(problem)") }
    storage.dropPages()
  }

  /// The file's size in bytes.
  public var byteCount: Int { storage.bytes.count }

  /// Bytes of the frequency tables and extra letters.
  public var tableByteCount: Int { indexOffset - tableOffset }

  /// Bytes of the block index.
  public var indexByteCount: Int { dataOffset - indexOffset }

  /// Bytes of the coded words.
  public var wordByteCount: Int { dataEnd - dataOffset }

  /// Decodes every block once, checking what queries rely on: each block
  /// decodes cleanly, words are in order across blocks, and each block's
  /// highest score is the index's. Fills `firstKeys`, `firstKeyCounts` and
  /// `bestPlaces` on the way.
  private mutating func validateBlocks() -> String? {
    let scratch = T9BlockCache(blockSize: blockSize, slots: 1)
    let width = T9DictionaryFormat.maximumWordBytes
    var previousKeys = InlineArray<48, UInt8>(repeating: 0)
    var previousCount = 0
    var previousScore = 0
    let buffer = storage.bytes
    firstKeys.reserveCapacity(blockCount)
    firstKeyCounts.reserveCapacity(blockCount)
    bestPlaces.reserveCapacity(blockCount)
    partBestPlaces.reserveCapacity(blockCount << (blockShift - T9EntryPoints.partShift))
    partHighestScores.reserveCapacity(blockCount << (blockShift - T9EntryPoints.partShift))
    var shortRanges = [UInt32](repeating: 0, count: 2 * 1110)
    func note(_ prefix: Int, _ word: Int) {
      if shortRanges[2 * prefix + 1] == 0 { shortRanges[2 * prefix] = UInt32(word) }
      shortRanges[2 * prefix + 1] = UInt32(word + 1)
    }
    var entryPoints = T9EntryPoints(blocks: blockCount, blockSize: blockSize)
    for block in 0..<blockCount {
      let words = wordsIn(block: block)
      let blockStart = span(ofBlock: block).start
      let problem = decode(block: block, into: scratch, slot: 0) { part, keys, letters in
        let last = part << T9EntryPoints.partShift - 1
        entryPoints.keep(
          block: block, part: part, keys: keys, letters: letters, blockStart: blockStart,
          previous: (
            UnsafePointer(scratch.keys + last * width), Int(scratch.keyCounts[last]),
            Int(scratch.scores[last])
          ),
          text: UnsafeBufferPointer(
            start: scratch.text + last * width, count: Int(scratch.textLengths[last])))
      }
      if let problem { return "block \(block): \(problem)" }
      for word in 0..<words {
        let keys = scratch.keys + word * width
        let index = block << blockShift + word
        let count = Int(scratch.keyCounts[word])
        var prefix: Int?
        for place in 0..<Swift.min(count, T9Dictionary.shortKeys) {
          let next = T9Dictionary.shortPrefix(extending: prefix, with: keys[place])
          note(next, index)
          prefix = next
        }
      }
      // Each part's first highest score, then the block's from its parts.
      var best = 0
      for part in 0..<(blockSize >> T9EntryPoints.partShift) {
        let first = part << T9EntryPoints.partShift
        var partBest = first
        for word in first..<Swift.max(first, Swift.min(words, first + T9EntryPoints.partSize))
        where scratch.scores[word] > scratch.scores[partBest] {
          partBest = word
        }
        let highest = first < words ? scratch.scores[partBest] : 0
        partBestPlaces.append(UInt8(partBest))
        partHighestScores.append(highest)
        if highest > scratch.scores[best] { best = partBest }
      }
      guard Int(scratch.scores[best]) == ByteReader.u16(buffer, indexOffset + 5 * block + 3) else {
        return "block \(block)'s highest score is wrong"
      }
      if block > 0 {
        let count = Int(scratch.keyCounts[0])
        var order = 0
        for place in 0..<Swift.min(count, previousCount)
        where scratch.keys[place] != previousKeys[place] {
          order = scratch.keys[place] < previousKeys[place] ? -1 : 1
          break
        }
        if order == 0 && count != previousCount { order = count < previousCount ? -1 : 1 }
        guard order > 0 || (order == 0 && Int(scratch.scores[0]) <= previousScore) else {
          return "words are not sorted at the start of block \(block)"
        }
      }
      bestPlaces.append(UInt8(best))
      let count = Int(scratch.keyCounts[0])
      var packed: UInt64 = 0
      for place in 0..<Swift.min(count, 16) {
        packed |= UInt64(scratch.keys[place]) << UInt64(4 * place)
      }
      firstKeys.append(packed)
      firstKeyCounts.append(UInt8(count))
      let last = words - 1
      previousCount = Int(scratch.keyCounts[last])
      for place in 0..<previousCount { previousKeys[place] = scratch.keys[last * width + place] }
      previousScore = Int(scratch.scores[last])
    }
    self.shortRanges = shortRanges
    self.entryPoints = entryPoints
    return nil
  }

  /// How many words block `block` holds.
  @inline(__always)
  func wordsIn(block: Int) -> Int {
    block == blockCount - 1 ? wordCount - (block << blockShift) : blockSize
  }

  /// Where block `block`'s data starts and ends.
  @inline(__always)
  func span(ofBlock block: Int) -> (start: Int, end: Int) {
    let buffer = storage.bytes
    let start = dataOffset + ByteReader.u24(buffer, indexOffset + 5 * block)
    let end =
      block + 1 < blockCount
      ? dataOffset + ByteReader.u24(buffer, indexOffset + 5 * block + 5) : dataEnd
    return (start, end)
  }

  /// The highest score in block `block`.
  @inline(__always)
  func highestScore(inBlock block: Int) -> Int {
    ByteReader.u16(storage.bytes, indexOffset + 5 * block + 3)
  }
}

extension KeySequence {
  /// Orders sequences as the dictionary does: digit by digit, a sequence
  /// before the longer ones it starts. -1, 0 or 1.
  public static func compare(_ lhs: KeySequence, _ rhs: KeySequence) -> Int {
    let shared = Swift.min(lhs.count, rhs.count)
    for index in 0..<shared where lhs[index] != rhs[index] {
      return lhs[index] < rhs[index] ? -1 : 1
    }
    return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
  }
}
