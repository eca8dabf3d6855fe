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
  /// The static next-word model built for this file, if one was opened
  /// (`attaching(_:)`).
  public private(set) var pairs: T9PairTable?
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
  /// Found while validating, per block and per part: where searches and
  /// `bestWord` start without decoding (`T9BlockFindings`).
  let findings: T9BlockFindings
  /// Found while validating: the range of the words that start with each
  /// sequence of one to three keys (`shortPrefix`), as lower and upper
  /// bounds in a row (upper 0: no word does), so a word's first three keys
  /// search nothing: 8.9 kB.
  var shortRanges: [UInt32] = []
  /// Found while validating: where decoding can start inside each block.
  let entryPoints: T9EntryPoints
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

  /// The dictionary with `pairs` as its next-word model (built for it:
  /// `T9PairTable` checked that when it was opened).
  public func attaching(_ pairs: T9PairTable?) -> T9Dictionary {
    var copy = self
    copy.pairs = pairs
    return copy
  }

  /// Validates a copy of `bytes` as a `.t9dict` file; `name` is used in
  /// errors.
  public init(bytes: [UInt8], name: String) throws(T9DictionaryError) {
    try self.init(storage: T9DictionaryBytes(copying: bytes), name: name)
  }

  /// Validates `storage` (e.g. a mapped file) as a `.t9dict` file; `name`
  /// is used in errors. (`Opening` does the same in steps, for threads.)
  public init(storage: T9DictionaryBytes, name: String) throws(T9DictionaryError) {
    let opening = try Opening(storage: storage, name: name)
    for range in 0..<opening.rangeCount { opening.validate(range: range) }
    self = try opening.finish()
  }

  /// Checks everything before the blocks (size, magic, version, checksum,
  /// section bounds, frequency tables) and reserves what validating the
  /// blocks fills in.
  init(header storage: T9DictionaryBytes, name: String) throws(T9DictionaryError) {
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
    let partsPerBlock = 1 << (shift - T9EntryPoints.partShift)
    findings = T9BlockFindings(blocks: blocks, partsPerBlock: partsPerBlock)
    entryPoints = T9EntryPoints(blocks: blocks, blockSize: 1 << shift)
  }

  /// The file's size in bytes.
  public var byteCount: Int { storage.bytes.count }

  /// Bytes of the frequency tables and extra letters.
  public var tableByteCount: Int { indexOffset - tableOffset }

  /// Bytes of the block index.
  public var indexByteCount: Int { dataOffset - indexOffset }

  /// Bytes of the coded words.
  public var wordByteCount: Int { dataEnd - dataOffset }

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

  /// A word of `count` keys whose first 16 are `packed` (4 bits each, the
  /// first in the low bits) compared with `keys` as
  /// `T9Dictionary.compare(word:with:)` does (0: the word starts with
  /// `keys`); nil when only the word's keys past the 16th can tell.
  /// `keysPacked` is `keys.packedPrefix`, packed once by the search that
  /// compares it with many words: the keys both know are compared at once,
  /// the first that differs found from the lowest differing bit.
  @inline(__always)
  static func compare(packed: UInt64, count: Int, with keys: KeySequence, keysPacked: UInt64)
    -> Int?
  {
    let known = Swift.min(count, 16)
    let shared = Swift.min(known, keys.count)
    let mask: UInt64 = shared == 16 ? ~0 : (1 &<< UInt64(4 * shared)) &- 1
    let difference = (packed ^ keysPacked) & mask
    if difference != 0 {
      let shift = UInt64(difference.trailingZeroBitCount & ~3)
      return (packed &>> shift) & 15 < (keysPacked &>> shift) & 15 ? -1 : 1
    }
    if keys.count <= known { return 0 }
    return count <= 16 ? -1 : nil
  }

  /// The first 16 keys, 4 bits each, the first in the low bits (as the
  /// dictionary's findings and the learned words pack theirs).
  var packedPrefix: UInt64 {
    var packed: UInt64 = 0
    for index in 0..<Swift.min(count, 16) {
      packed |= UInt64(self[index] & 15) &<< UInt64(4 * index)
    }
    return packed
  }
}
