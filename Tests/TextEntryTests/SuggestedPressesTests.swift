import KeypadInput
import T9Engine
import Testing
import TextEntry

/// The keys of `digits` as taps.
private func taps(_ digits: String) -> [Key] {
  digits.compactMap { Int(String($0)).flatMap { Key(digit: $0) } }
}

@Test(
  "each choice t9 suggest offers is entered on the phone with exactly its presses",
  arguments: ["4663", "4357", "4693", "4356", "63", "335"])
func suggestedPresses_typeOnThePhone(digits: String) throws {
  var suggester = Suggester(predictor: try samplePredictor(), learned: nil)
  let answer = try suggester.answer("keys \(digits)").get()
  let offers = answer.dropLast().map { line in
    let fields = line.split(separator: "\t")
    return (word: String(fields[0]), presses: Int(fields[1]) ?? -1)
  }
  #expect(!offers.isEmpty)
  for offer in offers {
    var driver = EditorDriver(
      TextEditor(contentType: .text, capacity: 459, predictor: try samplePredictor()))
    for key in taps(digits) { driver.tap(key) }
    for _ in 1..<offer.presses { driver.tap(.star) }
    driver.tap(.zero)
    #expect(
      driver.editor.text.lowercased() == offer.word.lowercased() + " ",
      "\(digits): \(offer.word) in \(offer.presses) presses gave \(driver.editor.text)")
  }
}

/// The sample predictor with a pair table: "of" is followed by "the" (3
/// times), "good" and "me" (twice each: the earlier in the dictionary
/// first); "the" by "good".
private func pairedPredictor() throws -> Predictor {
  let plain = try samplePredictor()
  var builder = T9PairTableBuilder(dictionary: plain.dictionary)
  builder.add(
    text: "of the good. of the home. of the. of me. of me. of good. of good. the good. the good.")
  let table = try T9PairTable(
    storage: T9DictionaryBytes(copying: builder.build()), name: "p", for: plain.dictionary)
  return Predictor(dictionary: plain.dictionary.attaching(table))
}

@Test(
  "each next word and completion t9 suggest offers is entered with exactly its presses, on twelve keys and with right",
  arguments: [false, true])
func suggestedPresses_nextWordsAndCompletions(arrows: Bool) throws {
  for digits in ["", "8", "46", "466"] {
    var suggester = Suggester(predictor: try pairedPredictor(), learned: nil)
    suggester.arrows = arrows
    _ = try suggester.answer("commit of").get()
    let answer = try suggester.answer(digits.isEmpty ? "keys" : "keys \(digits)").get()
    let offers = answer.dropLast().map { line in
      let fields = line.split(separator: "\t")
      return (word: String(fields[0]), presses: Int(fields[1]) ?? -1)
    }
    #expect(!offers.isEmpty, "offers for '\(digits)' after 'of'")
    if digits.isEmpty { #expect(offers.map(\.word) == ["the", "good", "me"]) }
    for offer in offers {
      var driver = EditorDriver(
        TextEditor(contentType: .text, capacity: 459, predictor: try pairedPredictor()))
      for key in taps("630" + digits) { driver.tap(key) }
      let isFirstCandidate = !digits.isEmpty && offer.word == offers[0].word
      if arrows && offer.presses == 1 && !isFirstCandidate {
        driver.tap(.right)  // the offer on the glass, with its space
      } else {
        for _ in 1..<offer.presses { driver.tap(.star) }
        driver.tap(.zero)
      }
      #expect(
        driver.editor.text.lowercased() == "of " + offer.word.lowercased() + " ",
        "after 'of' \(digits): \(offer.word) in \(offer.presses) presses gave \(driver.editor.text)"
      )
    }
  }
}
