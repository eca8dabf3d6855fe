import Testing

@testable import T9Engine

/// The first word in `range` with the highest of `scores` (every word's
/// score, read one by one): what `bestWord(in:cache:)` must give, however
/// it skips blocks and groups of blocks.
private func bestWordByScan(_ scores: [Int], _ range: T9Range) -> Int? {
  guard !range.isEmpty else { return nil }
  var best = range.lower
  for index in range.lower..<range.upper where scores[index] > scores[best] { best = index }
  return best
}

/// The first 6,000 English words with their frequencies, or with each
/// cut to a whole number (`coarse`), so that many words, blocks and groups
/// share the highest score and the first of them must be found.
private func source(coarse: Bool) throws -> String {
  let source = try listSource("en", words: 6000)
  guard coarse else { return source }
  return source.split(separator: "\n").map { line in
    let fields = line.split(separator: "\t")
    return "\(fields[0])\t\(fields[1].split(separator: ".")[0]).00"
  }.joined(separator: "\n")
}

@Test(
  "the best word of a range is the first of its highest score, across blocks and groups",
  arguments: [false, true])
func bestWord_matchesAScanOfEveryScore(coarse: Bool) throws {
  // 6,000 words: 94 blocks of 64, 6 groups of 16 blocks (1,024 words).
  let source = try source(coarse: coarse)
  let bytes = try T9DictionaryBuilder.build(source: source, language: "en", file: "en.tsv")
  let dictionary = try T9Dictionary(bytes: bytes, name: "en.t9dict")
  #expect(dictionary.findings.groupCount == 6)
  let cache = T9BlockCache(for: dictionary)
  let scanCache = T9BlockCache(for: dictionary)
  let scores = (0..<dictionary.wordCount).map { dictionary.score(ofWord: $0, cache: scanCache) }
  let group = T9BlockFindings.blocksPerGroup * dictionary.blockSize
  // Bounds on and beside group and block edges, and between them.
  var bounds = [0, 1, dictionary.wordCount - 1, dictionary.wordCount]
  for edge in stride(from: group, to: dictionary.wordCount, by: group) {
    bounds += [edge - 1, edge, edge + 1]
  }
  bounds += Array(stride(from: 0, to: dictionary.wordCount, by: 251))
  bounds += Array(stride(from: 63, to: dictionary.wordCount, by: 640))
  bounds = Array(Set(bounds)).sorted()
  var ranges = 0
  for lower in bounds {
    for upper in bounds where upper > lower {
      let range = T9Range(lower: lower, upper: upper)
      let found = dictionary.bestWord(in: range, cache: cache)
      #expect(found == bestWordByScan(scores, range), "\(lower)..<\(upper)")
      ranges += 1
    }
  }
  #expect(ranges > 1000)
}
