import KeypadInput
import T9Engine
import Testing

@testable import TextEntry

/// Checks the editor after every step of a driver's script.
private func expectConsistent(
  _ driver: EditorDriver, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    driver.editor.inconsistency == nil, "\(step): \(driver.editor.inconsistency ?? "")",
    sourceLocation: sourceLocation)
}

/// An editor holding `text` with the cursor at its end, nothing being chosen.
private func settledEditor(_ text: String, contentType: ContentType = .text) -> TextEditor {
  var editor = TextEditor(contentType: contentType, capacity: 459)
  _ = editor.setText(text)
  return editor
}

// MARK: - Editors driven through their API

@Test(
  "a multi-tap editor is consistent after every tap, with a letter pending and after it commits")
func consistency_multitapThroughTheAPI() {
  var driver = EditorDriver(.message())
  expectConsistent(driver, "empty")
  for key: Key in [.four, .four, .three, .three, .five, .five, .five] {
    driver.tap(key, gap: 100)
    expectConsistent(driver, "tap \(key.name)")
  }
  #expect(driver.editor.pending != nil, "the last letter is still being chosen")
  #expect(driver.editor.text == "Hel")
  driver.wait(1500)
  #expect(driver.editor.pending == nil)
  expectConsistent(driver, "after the timeout")
  driver.tap(.zero)
  driver.tap(.back)
  driver.tap(.left)
  driver.tap(.two)
  expectConsistent(driver, "a letter pending in the middle of the text")
  driver.tap(.right, .right)
  driver.hold(.back)
  expectConsistent(driver, "after a long back")
  _ = driver.setMode(.numeric)
  driver.tap(.seven, .eight)
  expectConsistent(driver, "digits")
}

@Test("a T9 editor is consistent while composing, walking candidates, spelling and after space")
func consistency_predictiveThroughTheAPI() throws {
  var driver = EditorDriver(
    TextEditor(contentType: .text, capacity: 459, predictor: try samplePredictor()))
  for key: Key in [.four, .six, .six, .three] {
    driver.tap(key)
    expectConsistent(driver, "compose \(key.name)")
  }
  #expect(driver.editor.composition != nil, "a word is being composed")
  driver.tap(.star)
  expectConsistent(driver, "next candidate")
  #expect(driver.editor.text == "Home")
  driver.tap(.star, .star, .star)
  #expect(driver.editor.indicator == "Spell")
  expectConsistent(driver, "spell mode entered")
  driver.tap(.four)
  expectConsistent(driver, "spelling with a letter pending")
  #expect(driver.editor.pending != nil)
  driver.wait(1000)
  driver.tap(.six, .six, .six)
  expectConsistent(driver, "spelling a second letter")
  driver.tap(.ok)
  expectConsistent(driver, "spelled word taken")
  driver.tap(.zero, .four, .three, .five)
  expectConsistent(driver, "second word composing")
  driver.tap(.back)
  expectConsistent(driver, "back inside the composition")
  driver.tap(.left)
  expectConsistent(driver, "cursor moved out of the composition")
  driver.tap(.zero)
  expectConsistent(driver, "space")
  #expect(driver.editor.composition == nil || driver.editor.composition?.length == 0)
}

@Test("phone and number fields stay consistent through digits and symbols")
func consistency_numericFields() {
  var driver = EditorDriver(TextEditor(contentType: .phone, capacity: 32))
  driver.tap(.one, .two, .three)
  _ = driver.insert("+")
  driver.tap(.left, .left, .nine)
  expectConsistent(driver, "phone field")
  #expect(driver.editor.text == "1293+")
}

// MARK: - Corrupted states

@Test("a cursor outside the text is reported with where it is")
func consistency_cursorOutside() throws {
  var editor = settledEditor("hello")
  editor.cursor = 9
  let problem = try #require(editor.inconsistency)
  #expect(problem.contains("cursor at 9"), "\(problem)")
  #expect(problem.contains("5 characters"), "\(problem)")
  editor.cursor = -1
  #expect(editor.inconsistency?.contains("cursor at -1") == true)
}

@Test("a pending letter at the end of the text (past its last character) is reported")
func consistency_pendingPastTheEnd() throws {
  var editor = settledEditor("ab")
  editor.pending = PendingLetter(
    key: .two, position: 0, uppercase: false, deadline: Instant(microseconds: 1_000_000))
  let problem = try #require(editor.inconsistency)
  #expect(problem.contains("pending letter at 2"), "\(problem)")
}

@Test("a multi-tap letter and a T9 word chosen at once are reported")
func consistency_pendingAndComposition() throws {
  var editor = settledEditor("ab")
  editor.cursor = 1
  editor.pending = PendingLetter(
    key: .two, position: 0, uppercase: false, deadline: Instant(microseconds: 1_000_000))
  editor.composition = Composition(start: 1, previous: nil, capitalized: false)
  let problem = try #require(editor.inconsistency)
  #expect(problem.contains("both being chosen"), "\(problem)")
}

@Test("a T9 word outside the text, away from the cursor, or without a candidate is reported")
func consistency_brokenCompositions() throws {
  var editor = settledEditor("good")
  var outside = Composition(start: 2, previous: nil, capitalized: false)
  outside.length = 5
  editor.composition = outside
  #expect(try #require(editor.inconsistency).contains("outside a text of 4 characters"))

  var away = Composition(start: 0, previous: nil, capitalized: false)
  away.length = 2
  editor.composition = away
  editor.cursor = 4
  #expect(try #require(editor.inconsistency).contains("not at the end of the T9 word (2)"))

  var noCandidate = Composition(start: 0, previous: nil, capitalized: false)
  noCandidate.length = 4
  editor.composition = noCandidate
  editor.cursor = 4
  #expect(try #require(editor.inconsistency).contains("no candidate"))
}

@Test("a spelling start after the cursor is reported")
func consistency_spellStartAfterCursor() throws {
  var editor = settledEditor("spell")
  editor.cursor = 2
  editor.spellStart = 4
  #expect(try #require(editor.inconsistency).contains("spelling starts at 4"))
}

// MARK: - Settling

@Test(
  "settling a corrupted editor keeps every character, puts the cursor inside and leaves it consistent",
  arguments: [-3, 0, 3, 5, 6, 40])
func consistency_settleCursor(cursor: Int) {
  var editor = settledEditor("hello")
  editor.cursor = cursor
  editor.settleInconsistency()
  #expect(editor.text == "hello")
  #expect((0...5).contains(editor.cursor))
  #expect(editor.inconsistency == nil)
}

@Test("settling a pending letter commits it in place, the cursor after it")
func consistency_settlePending() {
  var editor = settledEditor("abc")
  editor.cursor = 1
  editor.pending = PendingLetter(
    key: .two, position: 1, uppercase: false, deadline: Instant(microseconds: 1_000_000))
  editor.composition = Composition(start: 1, previous: nil, capitalized: false)
  #expect(editor.inconsistency != nil)
  editor.settleInconsistency()
  #expect(editor.text == "abc")
  #expect(editor.cursor == 2)
  #expect(editor.pending == nil)
  #expect(editor.composition == nil)
  #expect(editor.inconsistency == nil)
}

@Test("settling a broken T9 word keeps its characters in the text")
func consistency_settleComposition() throws {
  var driver = EditorDriver(
    TextEditor(contentType: .text, capacity: 459, predictor: try samplePredictor()))
  driver.tap(.four, .six, .six, .three)
  #expect(driver.editor.text == "Good")
  var broken = try #require(driver.editor.composition)
  broken.length = 9
  driver.editor.composition = broken
  driver.editor.cursor = 12
  #expect(driver.editor.inconsistency != nil)
  driver.editor.settleInconsistency()
  #expect(driver.editor.text == "Good")
  #expect(driver.editor.cursor == 4)
  #expect(driver.editor.composition == nil)
  #expect(driver.editor.isChoosing == false)
  #expect(driver.editor.inconsistency == nil)
  driver.tap(.zero, .four, .six)
  #expect(driver.editor.text == "Good in", "the settled editor types on")
}

@Test("settling a spelling that starts after the cursor ends the spelling, keeping the text")
func consistency_settleSpelling() {
  var editor = settledEditor("spell")
  editor.cursor = 1
  editor.spellStart = 3
  editor.settleInconsistency()
  #expect(editor.text == "spell")
  #expect(editor.spellStart == nil)
  #expect(editor.cursor == 1)
  #expect(editor.inconsistency == nil)
}
