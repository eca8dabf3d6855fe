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
