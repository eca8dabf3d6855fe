import T9Engine
import Testing

/// A dictionary of the first `count` words of a committed list: many blocks.
private func listDictionary(_ language: String, words count: Int) throws -> T9Dictionary {
  try T9Dictionary(
    bytes: try T9DictionaryBuilder.build(
      source: try listSource(language, words: count), language: language, file: "l.tsv"),
    name: "l.t9dict")
}

/// What word `index` reads as: its text, key count and score.
private struct Reading: Equatable {
  var text: String
  var keyCount: Int
  var score: Int

  init(_ dictionary: T9Dictionary, _ index: Int, _ cache: T9BlockCache, textFirst: Bool) {
    if textFirst {
      text = dictionary.word(at: index, cache: cache)
      keyCount = dictionary.keyCount(ofWord: index, cache: cache)
      score = dictionary.score(ofWord: index, cache: cache)
    } else {
      score = dictionary.score(ofWord: index, cache: cache)
      keyCount = dictionary.keyCount(ofWord: index, cache: cache)
      text = dictionary.word(at: index, cache: cache)
    }
  }
}

@Test(
  "words read in any order through a one-slot cache, text or keys first, read as in order: decoding resumes where it stopped",
  arguments: ["en", "id"])
func t9BlockCache_anyOrderReadsTheSame(language: String) throws {
  let dictionary = try listDictionary(language, words: 1000)
  #expect(dictionary.wordCount == 1000)
  let ordered = T9BlockCache(for: dictionary)
  let expected = (0..<dictionary.wordCount).map {
    Reading(dictionary, $0, ordered, textFirst: true)
  }
  let tiny = T9BlockCache(for: dictionary, slots: 1)
  var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
  var mismatches = 0
  for step in 0..<5000 {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let index = Int(seed >> 33) % dictionary.wordCount
    let reading = Reading(dictionary, index, tiny, textFirst: step % 3 == 0)
    if reading != expected[index] {
      mismatches += 1
      if mismatches <= 3 { Issue.record("word \(index): \(reading) ≠ \(expected[index])") }
    }
  }
  // Backwards within each block: later words first, then earlier ones.
  for index in (0..<dictionary.wordCount).reversed()
  where Reading(dictionary, index, tiny, textFirst: index % 2 == 0) != expected[index] {
    mismatches += 1
  }
  #expect(mismatches == 0)
  #expect(Set(expected.map(\.text)).count == 1000, "the list's words are distinct")
}

@Test(
  "words after a long word, an accented one or a capital read the same from any place: parts without an entry point decode from an earlier one"
)
func t9BlockCache_partsWithoutEntryPointsReadTheSame() throws {
  // Every third word has more than 16 keys or an extra letter, so many
  // parts of a block have no entry point; every fifth has a capital.
  var lines: [String] = []
  let stems = ["pneumonoultramicroscopic", "naïveté", "Zoë", "anticonstitutional", "café"]
  for index in 0..<600 {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var word = String(letters[index % 26]) + String(letters[(index / 26) % 26])
    if index % 3 == 0 { word = stems[(index / 3) % stems.count] + word }
    if index % 5 == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
    lines.append("\(word)\t\(Double(300 + index % 200) / 100)")
  }
  let dictionary = try T9Dictionary(
    bytes: try T9DictionaryBuilder.build(
      source: lines.joined(separator: "\n"), language: "en", file: "long.tsv"),
    name: "long.t9dict")
  let ordered = T9BlockCache(for: dictionary)
  let expected = (0..<dictionary.wordCount).map {
    (dictionary.word(at: $0, cache: ordered), dictionary.score(ofWord: $0, cache: ordered))
  }
  #expect(Set(expected.map(\.0)).count == dictionary.wordCount)
  #expect(expected.contains { $0.0.unicodeScalars.count > 16 })
  let tiny = T9BlockCache(for: dictionary, slots: 1)
  var mismatches = 0
  for index in (0..<dictionary.wordCount).reversed() {
    let reading = (
      dictionary.word(at: index, cache: tiny), dictionary.score(ofWord: index, cache: tiny)
    )
    if reading != expected[index] { mismatches += 1 }
  }
  var seed: UInt64 = 12345
  for _ in 0..<3000 {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let index = Int(seed >> 33) % dictionary.wordCount
    let score = dictionary.score(ofWord: index, cache: tiny)
    let word = dictionary.word(at: index, cache: tiny)
    if word != expected[index].0 || score != expected[index].1 { mismatches += 1 }
  }
  #expect(mismatches == 0)
}
