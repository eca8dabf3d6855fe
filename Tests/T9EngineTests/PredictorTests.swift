import T9Engine
import Testing

@Test("exact words by frequency, then stems: 4663 walks good, home, gone, hood")
func predictor_exactWordsByRank() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "4663") == ["good", "home", "gone", "hood", "hoof"])
  #expect(texts(predictor, "63") == ["of", "me"])
}

@Test("a stem grows into Felix: 3, 33, 335, 3354, 33549")
func predictor_stemsGrow() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  let shown = ["3", "33", "335", "3354", "33549"].map { digits in
    predictor.first(for: keys(digits), previous: nil).map { predictor.text(of: $0) }
  }
  #expect(shown == ["d", "fe", "fel", "Feli", "Felix"])
  #expect(texts(predictor, "335") == ["fel"], "one stem, case-insensitive, from its best word")
}

@Test("stems come after the exact words and are distinct")
func predictor_stemsAfterExact() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  let list = texts(predictor, "46")
  #expect(list.first == "in")
  #expect(list.contains("go"))
  #expect(list.contains("ho"))
  #expect(Set(list).count == list.count)
}

@Test("key 1 alone is punctuation, . first")
func predictor_punctuationAlone() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "1").prefix(4) == [".", ",", "?", "!"])
  #expect(texts(predictor, "111").first == "...")
}

@Test("key 1 after letters: contractions and the word with punctuation")
func predictor_keyOneAfterLetters() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "36618") == ["don't"])
  #expect(texts(predictor, "4155") == ["I'll"])
  let hello = texts(predictor, "435561")
  #expect(hello.prefix(3) == ["hello.", "hello,", "hello?"])
  #expect(texts(predictor, "41").contains("I'"), "the stem of I'll and I'm")
}

@Test("learning raises a chosen word without a blind move to the front")
func predictor_learningRaises() throws {
  let learned = UserDictionary(language: "en")
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: learned)
  var list = CandidateList()
  predictor.candidates(for: keys("4663"), previous: nil, into: &list)
  let gone = list[2]
  predictor.learn(gone, previous: nil)
  #expect(texts(predictor, "4663").first == "good", "one choice does not beat a much likelier word")
  for _ in 0..<30 { predictor.learn(gone, previous: nil) }
  #expect(
    texts(predictor, "4663").first == "gone", "a word the user keeps choosing rises to the top")
}

@Test("the previous word reorders candidates")
func predictor_contextReorders() throws {
  let learned = UserDictionary(language: "en")
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: learned, pairWeight: 50)
  let previous = WordHash.of("going")
  var list = CandidateList()
  predictor.candidates(for: keys("4663"), previous: previous, into: &list)
  let home = list[1]
  predictor.learn(home, previous: previous)
  #expect(texts(predictor, "4663", previous: previous).first == "home")
  #expect(texts(predictor, "4663", previous: WordHash.of("very")).first == "good")
}

@Test("a spelled word is offered first next time for the same keys")
func predictor_spelledWords() throws {
  let learned = UserDictionary(language: "en")
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: learned)
  #expect(predictor.learnSpelled(Array("gooe".unicodeScalars), previous: nil))
  #expect(texts(predictor, "4663").first == "gooe")
  #expect(texts(predictor, "466").contains("goo"))
  #expect(!predictor.learnSpelled(Array("x1y".unicodeScalars), previous: nil))
}

@Test(
  "the first candidate matches the head of the list",
  arguments: ["4", "46", "466", "4663", "3", "33", "3354", "41", "435561", "1", "2", "22", "228"])
func predictor_firstMatchesList(digits: String) throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  let first = predictor.first(for: keys(digits), previous: nil).map { predictor.text(of: $0) }
  #expect(first == texts(predictor, digits).first)
}

@Test("keys with no word give no candidates")
func predictor_noWords() throws {
  let predictor = Predictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "99999").isEmpty)
  #expect(predictor.first(for: keys("99999"), previous: nil) == nil)
}
