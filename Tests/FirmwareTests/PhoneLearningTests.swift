import Firmware
import FirmwareTestSupport
import KeypadInput
import T9Engine
import Testing
import TextEntry

/// A phone whose English T9 knows "good", "home" and "gone", learning into
/// a fresh store.
private func t9Phone() throws -> Phone {
  let list = "good\t5.70\nhome\t5.50\ngone\t5.10\n"
  let bytes = try T9DictionaryBuilder.build(source: list, language: "en", file: "t.tsv")
  let dictionary = try T9Dictionary(bytes: bytes, name: "t.t9dict")
  return Phone(
    predictors: [.english: Predictor(dictionary: dictionary)],
    learning: [.english: UserDictionary(language: "en")], start: .compose)
}

/// Types 4663, walks the candidates with `*` to `word`, and commits it
/// with 0.
private func choose(_ word: String, _ harness: inout PhoneHarness) {
  harness.tap(.four, .six, .six, .three)
  for _ in 0..<3 where !(harness.phone.focusedText ?? "").lowercased().hasSuffix(word) {
    harness.tap(.star)
  }
  harness.tap(.zero)
}

@Test("a committed word is learned in the phone's store, which the editor only borrows")
func phoneLearning_storeBelongsToThePhone() throws {
  var harness = PhoneHarness(try t9Phone())
  choose("gone", &harness)
  #expect(harness.phone.focusedText == "Gone ")
  let learned = try #require(harness.phone.learning[.english])
  #expect(learned.count(ofWord: WordHash.of("gone")) == 1)
  // Closing the editor (the draft goes back to the services) keeps it.
  harness.tap(.end)
  #expect(harness.phone.learning[.english]?.count(ofWord: WordHash.of("gone")) == 1)
}
