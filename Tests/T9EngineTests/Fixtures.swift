import T9Engine
import TestSupport
import Testing

/// A small word list with the T9 classics: good/home/gone/hood (4663),
/// of/me (63), Felix, contractions and punctuation.
let sampleList = """
  # word<TAB>zipf
  the\t7.73
  of\t7.40
  me\t6.30
  good\t5.70
  home\t5.50
  gone\t5.10
  hood\t4.20
  hoof\t3.00
  in\t7.20
  go\t6.10
  I\t6.90
  I'll\t5.20
  I'm\t5.60
  don't\t5.80
  done\t5.20
  felt\t5.00
  Felix\t4.90
  feel\t5.30
  fell\t4.60
  hello\t5.00
  help\t5.40
  a\t7.30
  cat\t4.90
  act\t4.80
  bat\t4.00
  """

func sampleDictionary() throws -> T9Dictionary {
  let bytes = try T9DictionaryBuilder.build(source: sampleList, language: "en", file: "sample.tsv")
  return try T9Dictionary(bytes: bytes, name: "sample.t9dict")
}

/// `bytes` with its file checksum made right again.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
  var bytes = bytes
  let checksum = bytes.withUnsafeBytes { T9DictionaryFormat.fileChecksum($0) }
  for index in 0..<8 {
    bytes[56 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index)))
  }
  return bytes
}

func keys(_ digits: String) -> KeySequence {
  KeySequence(digits) ?? KeySequence()
}

func texts(_ predictor: TaughtPredictor, _ digits: String, previous: UInt64? = nil) -> [String] {
  var list = CandidateList()
  predictor.candidates(for: keys(digits), previous: previous, into: &list)
  return list.map { predictor.text(of: $0) }
}

/// A predictor and the learning store its owner keeps for it: the owner's
/// side of the API, as the phone and the session typist hold them.
struct TaughtPredictor {
  var predictor: Predictor
  var learned: UserDictionary?

  init(
    dictionary: T9Dictionary, learned: UserDictionary?,
    weights: LearningWeights = LearningWeights()
  ) {
    predictor = Predictor(dictionary: dictionary, weights: weights)
    self.learned = learned
  }

  var weights: LearningWeights {
    get { predictor.weights }
    set { predictor.weights = newValue }
  }

  func first(for keys: KeySequence, previous: UInt64?) -> Candidate? {
    predictor.first(for: keys, previous: previous, learned: learned)
  }

  func candidates(for keys: KeySequence, previous: UInt64?, into list: inout CandidateList) {
    predictor.candidates(for: keys, previous: previous, learned: learned, into: &list)
  }

  func text(of candidate: Candidate) -> String { predictor.text(of: candidate, learned: learned) }

  mutating func learn(_ candidate: Candidate, previous: UInt64?) {
    predictor.learn(candidate, previous: previous, into: &learned)
  }

  @discardableResult
  mutating func learnSpelled(_ scalars: [Unicode.Scalar], previous: UInt64?) -> Bool {
    predictor.learnSpelled(scalars, previous: previous, into: &learned)
  }
}

/// A committed word list (`Dictionaries/<name>`), as text.
func wordList(_ name: String, filePath: String = #filePath) throws -> String {
  let root = String(filePath.split(separator: "/Tests/")[0])
  let bytes = try #require(fileBytes(atPath: "\(root)/Dictionaries/\(name)"))
  return String(decoding: bytes, as: UTF8.self)
}

/// The first `count` words of a committed list, as a source.
func listSource(_ language: String, words count: Int) throws -> String {
  let lines = try wordList("\(language).tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
  return lines.prefix(count).joined(separator: "\n")
}
