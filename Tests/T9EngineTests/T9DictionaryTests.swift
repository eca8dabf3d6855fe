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
  let cache = T9BlockCache(for: dictionary)
  let four = dictionary.range(for: keys("4"), cache: cache)
  let fourSix = dictionary.range(for: keys("46"), within: four, cache: cache)
  #expect(fourSix == dictionary.range(for: keys("46"), cache: cache))
  #expect(four.lower <= fourSix.lower && fourSix.upper <= four.upper)
  let words = (fourSix.lower..<fourSix.upper).map { dictionary.word(at: $0) }
  #expect(words == ["in", "go", "good", "home", "gone", "hood", "hoof"])
  #expect(dictionary.range(for: keys("99"), cache: cache).isEmpty)
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
        == "v2.t9dict: error: unsupported format version 2 (this t9phone reads version 3)")
  }
}

@Test("a version 1 file is refused by name")
func t9Dictionary_refusesVersionOne() throws {
  let bytes = try V1Builder.build(source: sampleList, language: "en", file: "s.tsv")
  _ = try V1Dictionary(bytes: bytes, name: "v1.t9dict")
  do {
    _ = try T9Dictionary(bytes: bytes, name: "v1.t9dict")
    Issue.record("version 1 accepted")
  } catch {
    #expect(
      error.description
        == "v1.t9dict: error: unsupported format version 1 (this t9phone reads version 3)")
  }
}

@Test("a wrong highest score in the block index is refused though the checksum is right")
func t9Dictionary_checksBlockMaximum() throws {
  var bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  let index = Int(bytes[28]) | Int(bytes[29]) << 8
  bytes[index + 3] &+= 1
  do {
    _ = try T9Dictionary(bytes: resealed(bytes), name: "x.t9dict")
    Issue.record("accepted")
  } catch {
    #expect(error.description == "x.t9dict: error: corrupted: block 0's highest score is wrong")
  }
}

@Test("any byte changed behind the checksum is refused or still gives a consistent dictionary")
func t9Dictionary_structureBehindChecksum() throws {
  let bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "s.tsv")
  let original = try T9Dictionary(bytes: bytes, name: "s.t9dict")
  var refused = 0
  for index in 64..<bytes.count {
    for flip: UInt8 in [0x01, 0x10, 0x80] {
      var damaged = bytes
      damaged[index] ^= flip
      guard let dictionary = try? T9Dictionary(bytes: resealed(damaged), name: "d.t9dict") else {
        refused += 1
        continue
      }
      // Accepted: a change the format cannot see (a table code that
      // decodes the same). Every word must still be where its keys say.
      #expect(dictionary.wordCount == original.wordCount)
      let cache = T9BlockCache(for: dictionary)
      for word in 0..<dictionary.wordCount {
        var typed = KeySequence()
        dictionary.forEachScalar(ofWord: word, cache: cache) {
          typed.append(KeyLayout.key(for: $0) ?? 0)
        }
        let range = dictionary.range(for: typed, cache: cache)
        #expect(range.lower <= word && word < range.upper)
      }
    }
  }
  #expect(refused > (bytes.count - 64) * 3 * 9 / 10, "almost every change is seen")
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
