import Board
import Host
import T9Engine
import Testing
import TextEntry

/// A folder with `en.tsv`: three words on the keys 4663, most frequent first.
private func folderWithWordList() throws -> String {
  let folder = temporaryFolder()
  try FileIO.writeAtomically(
    Array("good\t6.1\nhome\t5.9\ngone\t5.2\nin\t7.0\n".utf8), to: folder + "/en.tsv", mode: 0o644)
  return folder
}

@Test func buildWritesTheDictionaryBesideTheListAndInfoDescribesIt() throws {
  let folder = try folderWithWordList()
  let line = try DictionaryLines.build(source: folder + "/en.tsv", output: nil, language: nil)
  #expect(line.hasPrefix(folder + "/en.t9dict: 4 words, "))
  #expect(FileIO.exists(folder + "/en.t9dict"))
  let info = try DictionaryLines.info(file: folder + "/en.t9dict")
  #expect(info.contains("language: en"))
  #expect(info.contains("words: 4"))
  #expect(info.filter { $0.hasSuffix(" bytes per word: ") }.isEmpty)
  // Sizes per word with two decimals; checksums as 16 hex digits.
  let perWord = try #require(info.first { $0.hasPrefix("bytes per word: ") })
  #expect(perWord.split(separator: ".").last?.count == 2)
  let checksum = try #require(info.first { $0.hasPrefix("file checksum: ") })
  #expect(checksum.dropFirst("file checksum: ".count).count == 16)
}

@Test func aBadWordListOrAFileThatIsNoDictionaryIsRefusedWithTheReadersMessage() throws {
  let folder = temporaryFolder()
  try FileIO.writeAtomically(Array("good\tmany\n".utf8), to: folder + "/xx.tsv", mode: 0o644)
  #expect(throws: CLIError.self) {
    try DictionaryLines.build(source: folder + "/xx.tsv", output: nil, language: nil)
  }
  #expect(!FileIO.exists(folder + "/xx.t9dict"))
  #expect(throws: CLIError.self) { try DictionaryLines.info(file: folder + "/xx.tsv") }
}

@Test func candidatesComeInStarOrderAndNothingForWhatIsNotAKeySequence() throws {
  let folder = try folderWithWordList()
  let predictor = try T9Queries.predictor(language: "en", folder: folder)
  var list = CandidateList()
  #expect(T9Queries.candidates("4663", predictor, list: &list) == ["good", "home", "gone"])
  #expect(T9Queries.candidates("", predictor, list: &list).isEmpty)
  #expect(T9Queries.candidates("46x", predictor, list: &list).isEmpty)
  #expect(throws: CLIError.self) { try T9Queries.predictor(language: "fr", folder: folder) }
}

@Test func theSessionTypistGivesPairsTheirShareOfWhatItLearns() throws {
  let folder = try folderWithWordList()
  let predictor = try T9Queries.predictor(language: "en", folder: folder)
  let learned = UserDictionary(language: "en")
  let typist = T9Queries.typist(
    predictor, weights: LearningWeights(), learned: learned, pairShare: 0.25)
  #expect(typist.learned?.maximumPairRecords == learned.capacity / 4)
  let none = T9Queries.typist(predictor, weights: LearningWeights(), learned: nil, pairShare: 2)
  #expect(none.learned == nil)
  let clamped = T9Queries.typist(
    predictor, weights: LearningWeights(), learned: learned, pairShare: 2)
  #expect(clamped.learned?.maximumPairRecords == learned.capacity)
}
