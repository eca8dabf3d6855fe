import T9Engine
import Testing

private func suggester(learning: Bool = true) throws -> Suggester {
  Suggester(
    predictor: Predictor(dictionary: try sampleDictionary()),
    learned: learning ? UserDictionary(language: "en") : nil)
}

@Test("keys lists every offer in * order with its presses, then an empty line")
func suggester_keys() throws {
  var suggest = try suggester()
  let answer = try suggest.answer("keys 4663").get()
  #expect(answer.last == "")
  let offers = answer.dropLast()
  #expect(offers.first == "good\t1")
  for (index, line) in offers.enumerated() {
    #expect(line.hasSuffix("\t\(index + 1)"), "the offer at place \(index) costs \(index + 1)")
  }
  #expect(try suggest.answer("keys").get() == [""], "nothing typed: nothing offered yet")
}

@Test("commit learns the word and makes it the context; reset forgets the context")
func suggester_commitLearns() throws {
  var suggest = try suggester()
  #expect(try suggest.answer("keys 4663").get().first == "good\t1")
  for _ in 0..<3 { _ = try suggest.answer("commit hood").get() }
  _ = try suggest.answer("reset").get()
  #expect(try suggest.answer("keys 4663").get().first == "hood\t1")
  var plain = try suggester(learning: false)
  for _ in 0..<3 { _ = try plain.answer("commit hood").get() }
  #expect(try plain.answer("keys 4663").get().first == "good\t1", "no learning: no change")
}

@Test("lines it cannot read are refused with the reason")
func suggester_refusesBadLines() throws {
  var suggest = try suggester()
  let cases = [
    ("", "an empty line"), ("keys 4a", "'4a' is not a word's keys (1-9)"),
    ("keys 406", "'406' is not a word's keys (1-9)"), ("keys 2 3", "keys takes one DIGITS"),
    ("commit", "commit takes one WORD"), ("reset now", "reset takes nothing"),
    ("type hello", "unknown command 'type' (keys, commit, reset)"),
  ]
  for (line, message) in cases {
    switch suggest.answer(line) {
    case .success: Issue.record("accepted '\(line)'")
    case .failure(let error): #expect(error.message == message)
    }
  }
}

@Test("after a committed word, keys alone offers the next words: `*` then `0`, or one `right`")
func suggester_nextWords() throws {
  let dictionary = try sampleDictionary()
  var builder = T9PairTableBuilder(dictionary: dictionary)
  builder.add(text: "of the good. of the home. of me. of me. of the cat.")
  let table = try T9PairTable(
    storage: T9DictionaryBytes(copying: builder.build()), name: "p", for: dictionary)
  var suggest = Suggester(
    predictor: Predictor(dictionary: dictionary.attaching(table)),
    learned: UserDictionary(language: "en"))
  _ = try suggest.answer("commit of").get()
  #expect(try suggest.answer("keys").get() == ["the\t2", "me\t3", ""])
  suggest.arrows = true
  #expect(try suggest.answer("keys").get() == ["the\t1", "me\t3", ""])
  _ = try suggest.answer("reset").get()
  #expect(try suggest.answer("keys").get() == [""], "a new text: no previous word")
}
