import KeypadInput
import Testing
import TextEntry

@Test("multi-tap: the same key within the timeout advances the pending letter")
func textEditor_multitapAdvances() {
  var driver = EditorDriver(.message())
  driver.tap(.four, .four)
  #expect(driver.editor.text == "H")
  #expect(driver.editor.pending != nil)
  #expect(driver.editor.cursor == 0, "the cursor sits on the pending letter")
  driver.tap(.four, .four)
  #expect(driver.editor.text == "4", "g h i 4: the fourth tap shows the digit")
  driver.tap(.four)
  #expect(driver.editor.text == "G", "then it wraps to the first letter")
}

@Test("multi-tap wraps around after the digit")
func textEditor_multitapWraps() {
  var driver = EditorDriver(.message())
  driver.tap(.two, .two, .two, .two, .two)
  #expect(driver.editor.text == "A")
}

@Test("the timeout commits the letter and the cursor moves past it")
func textEditor_timeoutCommits() {
  var driver = EditorDriver(.message())
  driver.tap(.four, .four)
  driver.wait(1000)
  #expect(driver.editor.pending == nil)
  #expect(driver.editor.cursor == 1)
  driver.tap(.four)
  #expect(driver.editor.text == "Hg")
}

@Test("another key commits the pending letter and starts a new one")
func textEditor_otherKeyCommits() {
  var driver = EditorDriver(.message())
  driver.tap(.four, .four, .three, .three)
  #expect(driver.editor.text == "He")
  #expect(driver.editor.cursor == 1)
}

@Test("ok accepts the pending letter; with nothing pending it is left to the screen")
func textEditor_okAccepts() {
  var driver = EditorDriver(.message())
  driver.tap(.two)
  #expect(driver.tap(.ok) == .handled)
  #expect(driver.editor.pending == nil)
  #expect(driver.tap(.ok) == .ignored)
}

@Test("hold types the digit in any mode")
func textEditor_holdTypesDigit() {
  var driver = EditorDriver(.message())
  driver.hold(.seven)
  driver.hold(.one)
  driver.hold(.zero)
  #expect(driver.editor.text == "710")
  driver.tap(.hash)
  #expect(driver.editor.mode == .numeric)
  driver.hold(.zero)
  #expect(driver.editor.text == "710+")
}

@Test("key 1 cycles punctuation then 1")
func textEditor_keyOneCycle() {
  var driver = EditorDriver(.message())
  driver.tap(.one)
  #expect(driver.editor.text == ".")
  driver.tap(.one, .one, .one)
  #expect(driver.editor.text == "!")
  for _ in 0..<10 { driver.tap(.one) }
  #expect(driver.editor.text == "1")
}

@Test("0 types a space in abc and 0 in 123")
func textEditor_zeroKey() {
  var driver = EditorDriver(.message())
  driver.tap(.two, .zero)
  #expect(driver.editor.text == "A ")
  driver.tap(.hash, .zero)
  #expect(driver.editor.text == "A 0")
}

@Test("sentence case: capitals at the start, after . ? ! and a space, and after a new line")
func textEditor_sentenceCase() {
  var driver = EditorDriver(.message())
  driver.tap(.two, .two)  // B
  driver.wait(1000)
  driver.tap(.two)  // a
  driver.tap(.one)  // .
  driver.tap(.zero)  // space
  driver.tap(.two)  // A
  #expect(driver.editor.text == "Ba. A")
  _ = driver.insert("\n")
  driver.tap(.three)
  #expect(driver.editor.text == "Ba. A\nD")
  driver.tap(.one)
  driver.tap(.two)
  #expect(driver.editor.text == "Ba. A\nD.a", "no space after the full stop: lower case")
}

@Test("star cycles case Abc → abc → ABC → Abc")
func textEditor_caseCycle() {
  var driver = EditorDriver(.message())
  #expect(driver.editor.indicator == "Abc")
  driver.tap(.star)
  #expect(driver.editor.indicator == "abc")
  driver.tap(.two)
  driver.tap(.star)
  #expect(driver.editor.indicator == "ABC")
  driver.tap(.two)
  driver.tap(.star)
  #expect(driver.editor.indicator == "Abc")
  #expect(driver.editor.text == "aA")
}

@Test("hash cycles abc → 123 → abc without a dictionary, and includes T9 with one")
func textEditor_modeCycle() throws {
  var driver = EditorDriver(.message())
  driver.tap(.hash)
  #expect(driver.editor.indicator == "123")
  driver.tap(.hash)
  #expect(driver.editor.indicator == "Abc")
  var predictive = EditorDriver(
    TextEditor(contentType: .text, capacity: 10, predictor: try samplePredictor()))
  #expect(predictive.editor.mode == .predictive)
  predictive.tap(.hash)
  #expect(predictive.editor.mode == .multitap)
  predictive.tap(.hash)
  #expect(predictive.editor.mode == .numeric)
  predictive.tap(.hash)
  #expect(predictive.editor.indicator == "T9 Abc")
}

@Test("in 123 star types *")
func textEditor_starInNumeric() {
  var driver = EditorDriver(.message())
  driver.tap(.hash, .star, .one)
  #expect(driver.editor.text == "*1")
}

@Test("hold # deletes and each repeat deletes one more; an empty field stays put")
func textEditor_hashBackspace() {
  var driver = EditorDriver(.message())
  driver.tap(.hash)
  driver.tap(.one, .two, .three)
  driver.hold(.hash)
  #expect(driver.editor.text == "12")
  driver.repeatPress(.hash)
  driver.repeatPress(.hash)
  #expect(driver.editor.text == "")
  #expect(driver.repeatPress(.hash) == .ignored)
}

@Test("back deletes before the cursor, hold back clears, back on empty asks to leave")
func textEditor_backKey() {
  var driver = EditorDriver(.message())
  driver.tap(.hash)
  driver.tap(.one, .two, .three, .left)
  driver.tap(.back)
  #expect(driver.editor.text == "13")
  #expect(driver.editor.cursor == 1)
  driver.hold(.back)
  #expect(driver.editor.text == "")
  #expect(driver.tap(.back) == .leave)
}

@Test("left and right commit a pending letter, then move")
func textEditor_cursorKeys() {
  var driver = EditorDriver(.message())
  driver.tap(.two, .three)
  driver.tap(.left)
  #expect(driver.editor.pending == nil)
  #expect(driver.editor.cursor == 1)
  driver.tap(.four)
  #expect(driver.editor.text == "Agd")
  driver.tap(.right, .right, .right)
  #expect(driver.editor.cursor == 3)
}

@Test("a full field refuses a new character and keeps its text")
func textEditor_capacity() {
  var driver = EditorDriver(.message(capacity: 3))
  driver.tap(.hash, .one, .two, .three)
  #expect(driver.tap(.four) == .refused(notice: "Full (3/3)"))
  #expect(driver.editor.text == "123")
  #expect(driver.hold(.five) == .refused(notice: "Full (3/3)"))
  #expect(driver.editor.text == "123")
}

@Test("advancing a pending letter in a full field is allowed")
func textEditor_capacityAllowsCycling() {
  var driver = EditorDriver(.message(capacity: 1))
  driver.tap(.two, .two)
  #expect(driver.editor.text == "B")
}

@Test("number fields take digits only; * and # are refused with a notice")
func textEditor_numberField() {
  var driver = EditorDriver(TextEditor(contentType: .number, capacity: 4))
  #expect(driver.editor.indicator == "123")
  #expect(driver.tap(.star) == .refused(notice: "Digits only"))
  #expect(driver.tap(.hash) == .refused(notice: "Digits only"))
  #expect(driver.hold(.zero) == .refused(notice: "Digits only"))
  driver.tap(.seven)
  #expect(driver.editor.text == "7")
  let refusedMode = driver.setMode(.multitap)
  #expect(refusedMode == false)
}

@Test("phone fields: * multi-taps * + p w, # types #, hold 0 types +")
func textEditor_phoneField() {
  var driver = EditorDriver(TextEditor(contentType: .phone, capacity: 32))
  driver.hold(.zero)
  driver.tap(.three, .one)
  driver.tap(.star, .star, .star)
  driver.wait(1000)
  driver.tap(.hash)
  #expect(driver.editor.text == "+31p#")
  #expect(driver.insert("x") == .refused(notice: "0-9 + * # p w"))
}

@Test("name fields start in Abc and key 1 cycles only name punctuation")
func textEditor_nameField() {
  var driver = EditorDriver(TextEditor(contentType: .name, capacity: 40))
  #expect(driver.editor.indicator == "Abc")
  driver.tap(.one, .one, .one)
  #expect(driver.editor.text == "'", ". , ' - 1 are the name's key-1 characters")
  #expect(driver.insert("@") == .refused(notice: "Not in a name"))
}

@Test("hold * asks for the symbol table and commits the pending letter")
func textEditor_symbolTableRequest() {
  var driver = EditorDriver(.message())
  driver.tap(.two)
  #expect(driver.hold(.star) == .openSymbolTable)
  #expect(driver.editor.pending == nil)
}

@Test("setText refuses text longer than the capacity and keeps the old text")
func textEditor_setTextBounded() {
  var editor = TextEditor(contentType: .name, capacity: 3)
  let result1 = editor.setText("Ann")
  #expect(result1)
  let result2 = editor.setText("Anna")
  #expect(!result2)
  #expect(editor.text == "Ann")
  #expect(editor.cursor == 3)
}
