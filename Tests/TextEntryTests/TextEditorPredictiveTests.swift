import KeypadInput
import T9Engine
import Testing
import TextEntry

private func t9Editor(capacity: Int = 459) throws -> EditorDriver {
  var editor = TextEditor(contentType: .text, capacity: capacity, predictor: try samplePredictor())
  editor.lengthLimit = .sms
  return EditorDriver(editor)
}

@Test("digits compose a word; the word is marked while composing")
func predictive_composes() throws {
  var driver = try t9Editor()
  #expect(driver.editor.indicator == "T9 Abc")
  driver.tap(.four, .six, .six, .three)
  #expect(driver.editor.text == "Good")
  #expect(driver.editor.isChoosing)
  #expect(driver.editor.displayCursor == 3)
  driver.tap(.zero)
  #expect(driver.editor.text == "Good ")
  #expect(!driver.editor.isChoosing)
  #expect(driver.editor.cursor == 5)
}

@Test("star walks the candidates, then Spell; ok learns the spelled word")
func predictive_starAndSpell() throws {
  var driver = try t9Editor()
  driver.tap(.four, .six, .six, .three)
  driver.tap(.star)
  #expect(driver.editor.text == "Home")
  driver.tap(.star, .star)
  #expect(driver.editor.text == "Hood")
  driver.tap(.star)
  #expect(driver.editor.indicator == "Spell")
  #expect(driver.editor.text == "")
  driver.tap(.four)  // g
  driver.wait(1000)
  driver.tap(.six, .six, .six)  // o
  driver.wait(1000)
  driver.tap(.six, .six, .six)  // o
  driver.wait(1000)
  driver.tap(.five)  // j
  driver.tap(.ok)
  #expect(driver.editor.text == "Gooj")
  #expect(driver.editor.indicator == "T9 Abc")
  driver.tap(.zero, .four, .six, .six, .five)
  #expect(driver.editor.text == "Gooj gooj", "the spelled word is offered first next time")
}

@Test("back removes the last key and restores the previous key's word")
func predictive_backRemovesKey() throws {
  var driver = try t9Editor()
  driver.tap(.four, .six, .six, .three)
  driver.tap(.back)
  #expect(driver.editor.text == "Goo")
  driver.tap(.back, .back, .back)
  #expect(driver.editor.text == "")
  #expect(driver.editor.composition == nil)
}

@Test("key 1 after the word shown punctuates that word")
func predictive_punctuatesShownWord() throws {
  var driver = try t9Editor()
  driver.tap(.four, .six, .six, .three, .star)
  driver.tap(.one)
  #expect(driver.editor.text == "Home.")
  driver.tap(.star)
  #expect(driver.editor.text == "Home,")
}

@Test("a word that would overflow the SMS limit is refused")
func predictive_smsLimit() throws {
  var driver = try t9Editor()
  let loaded = driver.editor.setText(String(repeating: "a", count: 457))
  #expect(loaded)
  driver.tap(.four, .six)
  #expect(driver.editor.text.hasSuffix("ain"))
  #expect(driver.tap(.six) == .refused(notice: "Full (459/459)"))
  #expect(driver.editor.text.count == 459)
}

@Test("committing learns: a word chosen repeatedly comes first")
func predictive_learning() throws {
  var driver = try t9Editor()
  var stars = 0
  for _ in 0..<30 {
    driver.tap(.four, .six)
    if driver.editor.text.lowercased().hasSuffix("in") {
      driver.tap(.star)
      stars += 1
    }
    driver.tap(.zero)
  }
  driver.tap(.four, .six)
  #expect(driver.editor.text.hasSuffix("go"))
  #expect(stars < 30, "after a few choices go comes first without *")
  #expect(stars > 1, "one choice does not displace a far likelier word (in: Zipf 7.2, go: 6.1)")
}
