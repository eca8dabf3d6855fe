import T9Engine
import Testing

private func typed(_ digits: String) -> KeySequence { keys(digits) }

private func texts(_ predictor: Predictor, _ digits: String) -> [String] {
  var list = CandidateList()
  predictor.candidates(for: typed(digits), previous: nil, learned: nil, into: &list)
  return list.map { predictor.text(of: $0, learned: nil) }
}

@Test("the letter keys next to each key on the 3x4 grid: above, below, left, right")
func slips_neighbours() {
  var found: [UInt8: [UInt8]] = [:]
  for digit in UInt8(0)...9 {
    var list: [UInt8] = []
    SlipWeights.forEachNeighbour(of: digit) { list.append($0) }
    found[digit] = list.sorted()
  }
  #expect(found[2] == [3, 5])
  #expect(found[5] == [2, 4, 6, 8])
  #expect(found[7] == [4, 8])
  #expect(found[9] == [6, 8])
  #expect(found[0] == [] && found[1] == [])
}

@Test("keys that spell no word show the likeliest word one slip away")
func slips_forgiveAKeyWhenNoWordMatches() throws {
  let predictor = Predictor(dictionary: try sampleDictionary())
  func first(_ digits: String) -> String? {
    predictor.first(for: typed(digits), previous: nil, learned: nil).map {
      predictor.text(of: $0, learned: nil)
    }
  }
  // good/home is 4663; 9 is below 6 on the grid.
  #expect(first("4693") == "good")
  // hello is 43556: a 5 left out, then a key pressed twice.
  #expect(first("4356") == "hello")
  #expect(first("46663") == "good")
  // Nothing one slip away either: nothing.
  #expect(first("99999") == nil)
}

@Test("the exact words keep their * order; the words one slip away follow them")
func slips_keepTheTypedWordFirst() throws {
  let predictor = Predictor(dictionary: try sampleDictionary())
  let offered = texts(predictor, "3358")  // felt; fell has 5 where felt has 8
  #expect(offered.first == "felt")
  #expect(offered.contains("fell"))
  let exact = texts(predictor, "4663").prefix(5)
  #expect(exact == ["good", "home", "gone", "hood", "hoof"])
  #expect(Set(offered).count == offered.count, "no word is offered twice")
}

@Test("no slips for one key, for punctuation, or when switched off")
func slips_notForPunctuationOrOneKey() throws {
  var predictor = Predictor(dictionary: try sampleDictionary())
  var found = CandidateList()
  predictor.slipCandidates(
    for: typed("4"), previous: nil, learned: nil, isListed: { _ in false }, into: &found)
  #expect(found.isEmpty)
  predictor.slipCandidates(
    for: typed("46931"), previous: nil, learned: nil, isListed: { _ in false }, into: &found)
  #expect(found.isEmpty)
  predictor.slips = .none
  #expect(predictor.first(for: typed("4693"), previous: nil, learned: nil) == nil)
}

@Test("at most the limit of slips, the likeliest first")
func slips_limitAndOrder() throws {
  var predictor = Predictor(dictionary: try sampleDictionary())
  predictor.slips.limit = 2
  var found = CandidateList()
  predictor.slipCandidates(
    for: typed("4693"), previous: nil, learned: nil, isListed: { _ in false }, into: &found)
  #expect(found.count == 2)
  #expect(found[0].weight >= found[1].weight)
  #expect(predictor.text(of: found[0], learned: nil) == "good")
}

@Test(
  "completions: the likeliest longer words after the exact ones, a follower of the previous word first"
)
func predictor_completions() throws {
  let dictionary = try sampleDictionary()
  var builder = T9PairTableBuilder(dictionary: dictionary)
  builder.add(text: "say hello. say hello. say help.")
  let table = try T9PairTable(
    storage: T9DictionaryBytes(copying: builder.build()), name: "p", for: dictionary)
  let predictor = Predictor(dictionary: dictionary.attaching(table))
  var list = CandidateList()
  predictor.completions(for: keys("43"), previous: nil, learned: nil, into: &list)
  #expect(list.map { predictor.text(of: $0, learned: nil) } == ["help"], "help 5.40 > hello 5.00")
  predictor.completions(
    for: keys("43"), previous: WordHash.of("say"), learned: nil, into: &list)
  #expect(list.map { predictor.text(of: $0, learned: nil) }.first == "hello", "said after 'say'")
  var plain = predictor
  plain.offers = .none
  plain.completions(for: keys("43"), previous: nil, learned: nil, into: &list)
  #expect(list.isEmpty)
  // In the `*` cycle the exact words keep their places.
  plain = predictor
  plain.candidates(for: keys("4663"), previous: nil, learned: nil, into: &list)
  #expect(
    list.prefix(5).map { predictor.text(of: $0, learned: nil) } == [
      "good", "home", "gone", "hood", "hoof",
    ])
}
