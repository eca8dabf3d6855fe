import T9Engine
import Testing

@Test("exact words by frequency, then stems: 4663 walks good, home, gone, hood")
func predictor_exactWordsByRank() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "4663") == ["good", "home", "gone", "hood", "hoof"])
  #expect(texts(predictor, "63") == ["of", "me"])
}

@Test("a stem grows into Felix: 3, 33, 335, 3354, 33549")
func predictor_stemsGrow() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  let shown = ["3", "33", "335", "3354", "33549"].map { digits in
    predictor.first(for: keys(digits), previous: nil).map { predictor.text(of: $0) }
  }
  #expect(shown == ["d", "fe", "fel", "Feli", "Felix"])
  #expect(
    texts(predictor, "335") == ["fel", "felt", "feel", "fell"],
    "one stem, case-insensitive, from its best word; the likeliest longer word; then the words one key left out"
  )
}

@Test("stems come after the exact words and are distinct")
func predictor_stemsAfterExact() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  let list = texts(predictor, "46")
  #expect(list.first == "in")
  #expect(list.contains("go"))
  #expect(list.contains("ho"))
  #expect(Set(list).count == list.count)
}

@Test("key 1 alone is punctuation, . first")
func predictor_punctuationAlone() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "1").prefix(4) == [".", ",", "?", "!"])
  #expect(texts(predictor, "111").first == "...")
}

@Test("key 1 after letters: contractions and the word with punctuation")
func predictor_keyOneAfterLetters() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "36618") == ["don't"])
  #expect(texts(predictor, "4155") == ["I'll"])
  let hello = texts(predictor, "435561")
  #expect(hello.prefix(3) == ["hello.", "hello,", "hello?"])
  #expect(texts(predictor, "41").contains("I'"), "the stem of I'll and I'm")
}

@Test("a word chosen once does not pass a far more frequent word; chosen repeatedly, it does")
func predictor_learningRaises() throws {
  let learned = UserDictionary(language: "en")
  var predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: learned)
  var list = CandidateList()
  predictor.candidates(for: keys("63"), previous: nil, into: &list)
  let me = list[1]
  #expect(predictor.text(of: me) == "me")
  predictor.learn(me, previous: nil)
  #expect(texts(predictor, "63").first == "of", "one choice does not beat a word 12 times likelier")
  for _ in 0..<100 { predictor.learn(me, previous: nil) }
  #expect(texts(predictor, "63").first == "me", "a word the user keeps choosing rises to the top")
}

@Test("a choice counts less after much typing: it is weighed against all the user typed")
func predictor_learningIsRelative() throws {
  var fresh = TaughtPredictor(
    dictionary: try sampleDictionary(), learned: UserDictionary(language: "en"))
  var seasoned = TaughtPredictor(
    dictionary: try sampleDictionary(), learned: UserDictionary(language: "en"))
  for _ in 0..<50000 { seasoned.learned?.noteWord("the".unicodeScalars) }
  func chooseGoneTwice(_ predictor: inout TaughtPredictor) {
    var list = CandidateList()
    predictor.candidates(for: keys("4663"), previous: nil, into: &list)
    #expect(predictor.text(of: list[2]) == "gone")
    predictor.learn(list[2], previous: nil)
    predictor.learn(list[2], previous: nil)
  }
  chooseGoneTwice(&fresh)
  chooseGoneTwice(&seasoned)
  #expect(texts(fresh, "4663").first == "gone", "a near second rises after two choices, new phone")
  #expect(texts(seasoned, "4663").first == "good", "but not after 50,000 other words")
}

@Test("a letter spelled once as a word does not outrank a on key 2")
func predictor_spelledLetterBelowA() throws {
  let learned = UserDictionary(language: "en")
  var predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: learned)
  let done1 = predictor.learnSpelled(Array("B".unicodeScalars), previous: nil)
  #expect(done1)
  let done2 = predictor.learnSpelled(Array("C".unicodeScalars), previous: nil)
  #expect(done2)
  let list = texts(predictor, "2")
  #expect(list.first == "a")
  #expect(list.contains("B"), "the spelled letter is still offered")
  #expect(list.contains("C"))
  #expect(predictor.first(for: keys("2"), previous: nil).map { predictor.text(of: $0) } == "a")
}

@Test("the previous word reorders candidates")
func predictor_contextReorders() throws {
  let learned = UserDictionary(language: "en")
  var predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: learned)
  let previous = WordHash.of("call")
  var list = CandidateList()
  predictor.candidates(for: keys("63"), previous: previous, into: &list)
  let me = list[1]
  predictor.learn(me, previous: previous)
  #expect(texts(predictor, "63", previous: previous).first == "me")
  #expect(texts(predictor, "63", previous: WordHash.of("very")).first == "of")
  #expect(texts(predictor, "63").first == "of")
}

@Test("without context weight or pair records, the previous word changes nothing")
func predictor_contextOff() throws {
  var learned = UserDictionary(language: "en")
  learned.maximumPairRecords = 0
  var predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: learned)
  predictor.weights.context = 0
  let previous = WordHash.of("going")
  var list = CandidateList()
  predictor.candidates(for: keys("63"), previous: previous, into: &list)
  predictor.learn(list[1], previous: previous)  // me
  #expect(predictor.learned?.pairRecordCount == 0)
  #expect(texts(predictor, "63", previous: previous).first == "of")
}

@Test("a spelled word is offered next time for the same keys, first when nothing likelier has them")
func predictor_spelledWords() throws {
  let learned = UserDictionary(language: "en")
  var predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: learned)
  let done3 = predictor.learnSpelled(Array("gooe".unicodeScalars), previous: nil)
  #expect(done3)
  #expect(texts(predictor, "4663").contains("gooe"))
  #expect(texts(predictor, "466").contains("goo"))
  let done4 = predictor.learnSpelled(Array("zorp".unicodeScalars), previous: nil)
  #expect(done4)
  #expect(texts(predictor, "9677").first == "zorp")
  let done5 = predictor.learnSpelled(Array("x1y".unicodeScalars), previous: nil)
  #expect(!done5)
}

@Test(
  "the first candidate matches the head of the list",
  arguments: ["4", "46", "466", "4663", "3", "33", "3354", "41", "435561", "1", "2", "22", "228"])
func predictor_firstMatchesList(digits: String) throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  let first = predictor.first(for: keys(digits), previous: nil).map { predictor.text(of: $0) }
  #expect(first == texts(predictor, digits).first)
}

@Test("keys with no word give no candidates")
func predictor_noWords() throws {
  let predictor = TaughtPredictor(dictionary: try sampleDictionary(), learned: nil)
  #expect(texts(predictor, "99999").isEmpty)
  #expect(predictor.first(for: keys("99999"), previous: nil) == nil)
}
