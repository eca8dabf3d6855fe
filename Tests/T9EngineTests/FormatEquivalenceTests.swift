import T9Engine
import Testing

@Test(
  "version 3 gives the same ranges, first candidates and candidate lists as version 1 for every key sequence of the list and every prefix typed key by key",
  arguments: ["en", "id"])
func formatEquivalence_everyKeySequence(language: String) throws {
  let source = try wordList("\(language).tsv")
  let old = V1Predictor(
    dictionary: try V1Dictionary(
      bytes: try V1Builder.build(source: source, language: language, file: "\(language).tsv"),
      name: "v1"))
  var new = Predictor(
    dictionary: try T9Dictionary(
      bytes: try T9DictionaryBuilder.build(
        source: source, language: language, file: "\(language).tsv"),
      name: "current"))
  // The formats are compared; forgiving slips is the predictor's, not theirs.
  new.slips = .none
  new.offers = .none
  let dictionary = new.dictionary
  #expect(dictionary.wordCount == old.dictionary.wordCount)
  // Every distinct key sequence, in dictionary order.
  var sequences: [KeySequence] = []
  for word in 0..<dictionary.wordCount {
    var typed = KeySequence()
    dictionary.forEachScalar(ofWord: word, cache: new.cache) {
      typed.append(KeyLayout.key(for: $0) ?? 0)
    }
    if sequences.last != typed { sequences.append(typed) }
  }
  var checked: Set<KeySequence> = []
  var oldList = CandidateList()
  var newList = CandidateList()
  var mismatches = 0
  for sequence in sequences {
    var typed = KeySequence()
    var oldRange: T9Range?
    var newRange: T9Range?
    for index in 0..<sequence.count {
      typed.append(sequence[index])
      let oldNext = old.range(for: typed, within: oldRange)
      let newNext = new.range(for: typed, within: newRange)
      oldRange = oldNext
      newRange = newNext
      guard checked.insert(typed).inserted else { continue }
      #expect(oldNext == newNext, "range of \(typed)")
      let oldFirst = old.first(for: typed, previous: nil, range: oldNext, learned: nil)
      let newFirst = new.first(for: typed, previous: nil, range: newNext, learned: nil)
      #expect(
        oldFirst.map { old.text(of: $0, learned: nil) }
          == newFirst.map { new.text(of: $0, learned: nil) }, "first of \(typed)")
      #expect(oldFirst?.weight == newFirst?.weight, "first weight of \(typed)")
      old.candidates(for: typed, previous: nil, range: oldNext, learned: nil, into: &oldList)
      new.candidates(for: typed, previous: nil, range: newNext, learned: nil, into: &newList)
      let oldTexts = oldList.map { old.text(of: $0, learned: nil) }
      let newTexts = newList.map { new.text(of: $0, learned: nil) }
      if oldTexts != newTexts || oldList.map({ $0.weight }) != newList.map({ $0.weight }) {
        mismatches += 1
        if mismatches <= 5 { Issue.record("\(typed): \(oldTexts) ≠ \(newTexts)") }
      }
    }
  }
  #expect(mismatches == 0)
  #expect(checked.count > sequences.count, "prefixes were checked too")
}
