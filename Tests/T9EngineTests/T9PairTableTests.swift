import T9Engine
import Testing

private let sampleText = """
  the good home. the good home. the good day, the hood went.
  of the good. of the home, of me. of
  the hello
  """

private func sampleTable(_ dictionary: T9Dictionary) throws -> (bytes: [UInt8], table: T9PairTable)
{
  var builder = T9PairTableBuilder(dictionary: dictionary)
  builder.add(text: sampleText)
  let bytes = builder.build()
  let table = try T9PairTable(
    storage: T9DictionaryBytes(copying: bytes), name: "sample.t9pairs", for: dictionary)
  return (bytes, table)
}

private func followers(_ table: T9PairTable, _ dictionary: T9Dictionary, of word: String)
  -> [String]
{
  var words: [String] = []
  table.forEachFollower(of: WordHash.of(word)) { index, _ in
    words.append(dictionary.word(at: index))
  }
  return words
}

@Test("pairs seen twice are kept, likeliest first; once, across punctuation or a blank line, not")
func pairTable_keepsPairsSeenTwice() throws {
  let dictionary = try sampleDictionary()
  let (_, table) = try sampleTable(dictionary)
  #expect(followers(table, dictionary, of: "the") == ["good"], "good 3 times; hood, hello once")
  #expect(followers(table, dictionary, of: "of") == ["the"], "of the: twice; of me: once")
  #expect(followers(table, dictionary, of: "good") == ["home"], "good. of: a full stop between")
  #expect(followers(table, dictionary, of: "felix").isEmpty)
  var probability = 0.0
  table.forEachFollower(of: WordHash.of("the")) { _, value in probability = value }
  // "the" was followed by a word 7 times (good ×4, hood, home, hello),
  // "good" 4 of them; codes are steps of 2^(1/8), rounded down.
  #expect(probability <= 4.0 / 7.0 && probability > 4.0 / 7.0 / 1.1)
}

@Test("the same text gives the same bytes")
func pairTable_isDeterministic() throws {
  let dictionary = try sampleDictionary()
  #expect(try sampleTable(dictionary).bytes == sampleTable(dictionary).bytes)
}

@Test("a damaged table, or one built for another dictionary, is refused with the reason")
func pairTable_refusesDamage() throws {
  let dictionary = try sampleDictionary()
  let (bytes, _) = try sampleTable(dictionary)
  func refusal(_ damaged: [UInt8], for target: T9Dictionary? = nil) -> String? {
    do {
      _ = try T9PairTable(
        storage: T9DictionaryBytes(copying: damaged), name: "p.t9pairs", for: target ?? dictionary)
      return nil
    } catch {
      return error.message
    }
  }
  var flipped = bytes
  flipped[flipped.count - 2] ^= 0x10
  #expect(refusal(flipped) == "checksum mismatch: the file is corrupted")
  #expect(
    refusal(Array(bytes.dropLast()))
      == "length mismatch: the file is truncated or has trailing bytes")
  #expect(refusal(Array(bytes.prefix(20))) == "too short for a pair table")
  var magic = bytes
  magic[0] = UInt8(ascii: "X")
  #expect(refusal(magic) == "not a pair table (bad magic)")
  let other = try T9Dictionary(
    bytes: try T9DictionaryBuilder.build(
      source: "the\t7.0\ngood\t6.0\n", language: "en", file: "other.tsv"),
    name: "other.t9dict")
  #expect(refusal(bytes, for: other) == "built for another dictionary than other.t9dict")
  // A follower numbered past the dictionary's words, checksum made right.
  var wrongWord = bytes
  let last = wrongWord.count - 4
  wrongWord[last] = 0xFF
  wrongWord[last + 1] = 0xFF
  wrongWord[last + 2] = 0x7F
  let checksum = wrongWord.withUnsafeBytes { T9PairTableFormat.fileChecksum($0) }
  for index in 0..<8 {
    wrongWord[T9PairTableFormat.checksumOffset + index] = UInt8(
      truncatingIfNeeded: checksum >> (8 * UInt64(index)))
  }
  #expect(refusal(wrongWord)?.hasSuffix("no such word in sample.t9dict") == true)
}

@Test("words follow across spaces and one line break, not across punctuation or a blank line")
func textWords_context() {
  var words = TextWords()
  var seen: [String] = []
  func take(_ word: ArraySlice<Unicode.Scalar>, _ follows: Bool) {
    seen.append((follows ? "+" : "") + String(String.UnicodeScalarView(word)))
  }
  for scalar in "one two\nthree, four\n\nfive 'six' seven don't".unicodeScalars {
    words.add(scalar, take)
  }
  words.finish(take)
  #expect(seen == ["one", "+two", "+three", "four", "five", "six", "seven", "+don't"])
}
