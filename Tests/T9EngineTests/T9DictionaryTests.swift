import T9Engine
import Testing

@Test("a built dictionary opens and reports its words and checksums")
func t9Dictionary_opens() throws {
  let dictionary = try sampleDictionary()
  #expect(dictionary.wordCount == 25)
  #expect(dictionary.language == "en")
  #expect(dictionary.byteCount > 64)
  #expect(dictionary.indexByteCount < 4 * dictionary.wordCount + 64 + 8)
}

@Test("words are sorted by key sequence, then by frequency")
func t9Dictionary_sortOrder() throws {
  let dictionary = try sampleDictionary()
  let words = (0..<dictionary.wordCount).map { dictionary.word(at: $0) }
  #expect(words.prefix(4) == ["a", "cat", "act", "bat"], "cat act bat share 228")
  let good = try #require(words.firstIndex(of: "good"))
  #expect(words[good..<(good + 5)] == ["good", "home", "gone", "hood", "hoof"])
}

@Test("ranges narrow key by key")
func t9Dictionary_ranges() throws {
  let dictionary = try sampleDictionary()
  let four = dictionary.range(for: keys("4"))
  let fourSix = dictionary.range(for: keys("46"), within: four)
  #expect(fourSix == dictionary.range(for: keys("46")))
  #expect(four.lower <= fourSix.lower && fourSix.upper <= four.upper)
  let words = (fourSix.lower..<fourSix.upper).map { dictionary.word(at: $0) }
  #expect(words == ["in", "go", "good", "home", "gone", "hood", "hoof"])
  #expect(dictionary.range(for: keys("99")).isEmpty)
}

@Test("rebuilding the same list gives the same bytes")
func t9Dictionary_rebuildIsByteIdentical() throws {
  let first = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "a.tsv")
  let second = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "b.tsv")
  #expect(first == second)
  let other = try T9DictionaryBuilder.build(
    source: sampleList + "\nzebra\t3.00", language: "en", file: "c.tsv")
  #expect(other != first)
}

@Test("every single-byte corruption is refused with an error naming the file")
func t9Dictionary_refusesEverySingleByteCorruption() throws {
  let bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  var refused = 0
  for index in bytes.indices {
    for flip: UInt8 in [0x01, 0x80, 0xFF] {
      var damaged = bytes
      damaged[index] ^= flip
      do {
        _ = try T9Dictionary(bytes: damaged, name: "damaged.t9dict")
        Issue.record("byte \(index) ^ \(flip) was accepted")
      } catch {
        #expect(error.description.hasPrefix("damaged.t9dict: error: "))
        refused += 1
      }
    }
  }
  #expect(refused == bytes.count * 3)
}

@Test("every truncation is refused")
func t9Dictionary_refusesTruncation() throws {
  let bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  for length in 0..<bytes.count {
    #expect(throws: T9DictionaryError.self) {
      _ = try T9Dictionary(bytes: Array(bytes[0..<length]), name: "short.t9dict")
    }
  }
  #expect(throws: T9DictionaryError.self) {
    _ = try T9Dictionary(bytes: bytes + [0], name: "long.t9dict")
  }
}

@Test("another version is refused by name")
func t9Dictionary_refusesOtherVersions() throws {
  var bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  bytes[8] = 2
  do {
    _ = try T9Dictionary(bytes: bytes, name: "v2.t9dict")
    Issue.record("version 2 accepted")
  } catch {
    #expect(
      error.description
        == "v2.t9dict: error: unsupported format version 2 (this t9phone reads version 1)")
  }
}

@Test("a file with a valid checksum but bad structure is still refused")
func t9Dictionary_checksIndexNotJustChecksum() throws {
  var bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  let dictionary = try T9Dictionary(bytes: bytes, name: "s.t9dict")
  let good = try #require((0..<dictionary.wordCount).first { dictionary.word(at: $0) == "good" })
  // Swap the scores of good and home (same keys) so their order is wrong,
  // then fix the checksum: only the structural check can notice.
  let scoreOffset = (Int(bytes[28]) | Int(bytes[29]) << 8) + 2 * good
  bytes.swapAt(scoreOffset, scoreOffset + 2)
  bytes.swapAt(scoreOffset + 1, scoreOffset + 3)
  let checksum = bytes.withUnsafeBytes { T9DictionaryFormat.fileChecksum($0) }
  for index in 0..<8 {
    bytes[56 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index)))
  }
  #expect(throws: T9DictionaryError.self) { _ = try T9Dictionary(bytes: bytes, name: "x.t9dict") }
}

@Test(
  "bad source lines are refused with their line number",
  arguments: [
    ("cat\t4.0\ncat\t3.0", "l.tsv:2: error: duplicate word 'cat' (first on line 1)"),
    ("cat 4.0", "l.tsv:1: error: expected 'word<TAB>frequency', found 1 field(s)"),
    ("cat\tmany", "l.tsv:1: error: bad frequency 'many'"),
    ("r2d2\t3.0", "l.tsv:1: error: 'r2d2' has a character no key types: '2'"),
    ("# only a comment", "l.tsv: error: no words"),
  ])
func t9DictionaryBuilder_refusesBadLines(source: String, message: String) {
  do {
    _ = try T9DictionaryBuilder.build(source: source, language: "en", file: "l.tsv")
    Issue.record("accepted")
  } catch {
    #expect(error.description.hasPrefix(message), "\(error)")
  }
}
