import Testing

@testable import T9Engine

/// The first `words` words of the English list, compiled (64 words a
/// block: 3,000 words are 47 blocks).
private func englishBytes(words: Int = 3000) throws -> [UInt8] {
  try T9DictionaryBuilder.build(
    source: try listSource("en", words: words), language: "en", file: "en.tsv")
}

/// The `count`-byte little-endian number at `offset`.
private func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
  (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
}

/// `bytes` opened in ranges of `blocksPerRange` blocks, validated last
/// range first.
private func openedInRanges(_ bytes: [UInt8], blocksPerRange: Int) throws -> T9Dictionary {
  let opening = try T9Dictionary.Opening(
    storage: T9DictionaryBytes(copying: bytes), name: "en.t9dict", blocksPerRange: blocksPerRange)
  for range in (0..<opening.rangeCount).reversed() { opening.validate(range: range) }
  return try opening.finish()
}

/// The first thing two dictionaries learned differently about their
/// blocks at opening, or nil if they learned the same.
private func findingsDifference(_ one: T9Dictionary, _ other: T9Dictionary) -> String? {
  guard one.blockCount == other.blockCount else { return "block counts" }
  guard one.shortRanges == other.shortRanges else { return "short ranges" }
  let (a, b) = (one.findings, other.findings)
  for block in 0..<one.blockCount {
    guard a.firstKeys[block] == b.firstKeys[block],
      a.firstKeyCounts[block] == b.firstKeyCounts[block], a.bestPlaces[block] == b.bestPlaces[block]
    else { return "block \(block)'s first keys or best place" }
    for part in 1...one.entryPoints.perBlock {
      let x = one.entryPoints.entry(block: block, part: part)
      let y = other.entryPoints.entry(block: block, part: part)
      guard (x == nil) == (y == nil) else { return "block \(block) part \(part)'s entry point" }
      if let x, let y {
        guard x.keyState == y.keyState, x.letterState == y.letterState,
          x.keyPosition == y.keyPosition, x.letterPosition == y.letterPosition,
          x.previousKeys == y.previousKeys, x.previousLetters == y.previousLetters,
          x.previousScore == y.previousScore, x.previousCount == y.previousCount
        else { return "block \(block) part \(part)'s entry point" }
      }
    }
  }
  for part in 0..<a.partCount {
    guard a.partBestPlaces[part] == b.partBestPlaces[part],
      a.partHighestScores[part] == b.partHighestScores[part]
    else { return "part \(part)'s highest score" }
  }
  guard a.groupCount == b.groupCount else { return "group counts" }
  for group in 0..<a.groupCount {
    guard a.groupHighestScores[group] == b.groupHighestScores[group],
      a.groupBestBlocks[group] == b.groupBestBlocks[group]
    else { return "group \(group)'s highest score" }
  }
  return nil
}

@Test(
  "a dictionary opened in ranges, validated in any order, is the one opened at once",
  arguments: [1, 2, 5, 16])
func opening_rangesGiveTheSameDictionary(blocksPerRange: Int) throws {
  let bytes = try englishBytes()
  let whole = try T9Dictionary(bytes: bytes, name: "en.t9dict")
  let parts = try openedInRanges(bytes, blocksPerRange: blocksPerRange)
  #expect(findingsDifference(whole, parts) == nil)
  // Every word's keys find the same words, and the same best one.
  let (wholeCache, partsCache) = (T9BlockCache(for: whole), T9BlockCache(for: parts))
  for word in 0..<whole.wordCount {
    var typed = KeySequence()
    whole.forEachScalar(ofWord: word, cache: wholeCache) {
      typed.append(KeyLayout.key(for: $0) ?? 0)
    }
    let range = whole.range(for: typed, cache: wholeCache)
    #expect(parts.range(for: typed, cache: partsCache) == range)
    #expect(
      parts.bestWord(in: range, cache: partsCache) == whole.bestWord(in: range, cache: wholeCache))
  }
}

@Test("ranges validated on several threads at once give the dictionary a serial opening gives")
func opening_rangesOnThreads() async throws {
  let bytes = try englishBytes(words: 20000)
  let whole = try T9Dictionary(bytes: bytes, name: "en.t9dict")
  let opening = try T9Dictionary.Opening(
    storage: T9DictionaryBytes(copying: bytes), name: "en.t9dict", blocksPerRange: 3)
  #expect(opening.rangeCount == (whole.blockCount + 2) / 3)
  await withTaskGroup(of: Void.self) { group in
    for range in 0..<opening.rangeCount { group.addTask { opening.validate(range: range) } }
  }
  #expect(findingsDifference(whole, try opening.finish()) == nil)
}

@Test(
  "the first damaged block is the error, as a serial opening reports it, whatever the ranges",
  arguments: [1, 3, 64])
func opening_firstDamageIsTheError(blocksPerRange: Int) throws {
  var bytes = try englishBytes()
  let data = littleEndian(bytes, 32, 4)
  let index = littleEndian(bytes, 28, 4)
  // A byte inside block 30 and one inside block 7: block 7 is named.
  for block in [30, 7] {
    let start = data + littleEndian(bytes, index + 5 * block, 3)
    bytes[start + 6] ^= 0x5A
  }
  let damaged = resealed(bytes)
  let serial = #expect(throws: T9DictionaryError.self) {
    try T9Dictionary(bytes: damaged, name: "en.t9dict")
  }
  #expect(serial?.description.hasPrefix("en.t9dict: error: corrupted: block 7") == true)
  let inRanges = #expect(throws: T9DictionaryError.self) {
    try openedInRanges(damaged, blocksPerRange: blocksPerRange)
  }
  #expect(inRanges?.description == serial?.description)
}

/// `bytes` with blocks `block` and `block + 1` (both full) swapped, index
/// and checksum made to match: each block is sound, their order is not.
private func swappingBlocks(_ bytes: [UInt8], at block: Int) -> [UInt8] {
  let index = littleEndian(bytes, 28, 4)
  let data = littleEndian(bytes, 32, 4)
  func start(_ block: Int) -> Int { data + littleEndian(bytes, index + 5 * block, 3) }
  let first = Array(bytes[start(block)..<start(block + 1)])
  let second = Array(bytes[start(block + 1)..<start(block + 2)])
  var swapped = bytes
  swapped.replaceSubrange(start(block)..<start(block + 2), with: second + first)
  let middle = start(block) + second.count - data
  for place in 0..<3 {
    swapped[index + 5 * (block + 1) + place] = UInt8(truncatingIfNeeded: middle >> (8 * place))
  }
  for place in 3..<5 {
    swapped[index + 5 * block + place] = bytes[index + 5 * (block + 1) + place]
    swapped[index + 5 * (block + 1) + place] = bytes[index + 5 * block + place]
  }
  return resealed(swapped)
}

@Test(
  "blocks out of order are refused inside a range and where two ranges meet",
  arguments: [1, 2, 11])
func opening_orderAcrossRanges(blocksPerRange: Int) throws {
  let swapped = swappingBlocks(try englishBytes(), at: 10)
  let serial = #expect(throws: T9DictionaryError.self) {
    try T9Dictionary(bytes: swapped, name: "en.t9dict")
  }
  #expect(
    serial?.description
      == "en.t9dict: error: corrupted: words are not sorted at the start of block 11")
  let inRanges = #expect(throws: T9DictionaryError.self) {
    try openedInRanges(swapped, blocksPerRange: blocksPerRange)
  }
  #expect(inRanges?.description == serial?.description)
}
