import ContactBook
import FirmwareTestSupport
import KeypadInput
import Testing

@testable import Firmware
@testable import TextEntry

/// Drives a harness key by key and collects every consistency problem seen
/// after a step.
private struct CheckedSession: ~Copyable {
  var harness: PhoneHarness
  var problems: [String] = []
  var steps = 0

  init(_ phone: consuming Phone) {
    harness = PhoneHarness(phone)
    look("boot")
  }

  mutating func tap(_ keys: Key...) {
    for key in keys {
      harness.tap(key)
      look("tap \(key.name) on \(harness.phone.screenName)")
    }
  }

  mutating func hold(_ key: Key) {
    harness.hold(key)
    look("hold \(key.name) on \(harness.phone.screenName)")
  }

  mutating func wait(_ duration: Duration) {
    harness.advance(by: duration)
    look("wait on \(harness.phone.screenName)")
  }

  private mutating func look(_ step: String) {
    steps += 1
    if let problem = harness.phone.consistencyProblem {
      problems.append("\(step): \(problem.description)")
    }
  }
}

private var idleScreen: Screen { .idle(IdleScreen(clock: WallClock(minutesAtStart: 0))) }

/// A phone on the message editor holding `text` (typed in multi-tap), with
/// the last letter still pending when `pending`.
private func composing(pending: Bool) -> Composed {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  var harness = PhoneHarness(Phone(settings: settings, start: .compose))
  harness.tap(.four, .four)
  harness.advance(by: .seconds(2))
  harness.tap(.four, .four, .four)
  if !pending { harness.advance(by: .seconds(2)) }
  let text = harness.phone.focusedText ?? ""
  return Composed(phone: harness.takePhone(), text: text)
}

/// A phone on the message editor, and the text it holds.
private struct Composed: ~Copyable {
  var phone: Phone
  var text: String
}

// MARK: - Ordinary use

@Test("the phone is consistent after every step of menus, compose, symbols, contacts and dialer")
func phoneConsistency_ordinaryUse() throws {
  var session = CheckedSession(Phone(contacts: try sampleBook()))
  session.tap(.hash, .hash, .hash, .hash)  // around the main menu
  session.tap(.one, .one)  // messages, compose
  #expect(session.harness.phone.screenName == "compose")
  session.tap(.four, .four, .three)  // a letter pending
  session.hold(.star)  // symbols over the editor
  #expect(session.harness.phone.screenName == "symbols")
  session.tap(.hash, .hash, .one)  // a page on, insert
  session.wait(.seconds(2))
  session.hold(.star)
  session.tap(.zero)  // the editor's options in place of the table
  session.tap(.star)  // back to compose
  session.tap(.end)  // idle, the draft kept
  session.tap(.softRight)  // contacts
  #expect(session.harness.phone.screenName == "contacts")
  session.tap(.five, .six, .four, .down, .up)
  session.tap(.ok)  // John's card
  #expect(session.harness.phone.screenName == "contact")
  session.tap(.two, .nine)
  session.tap(.softLeft)  // contact options
  session.tap(.star, .star, .star)
  session.tap(.end)
  session.tap(.zero, .eight, .one, .two)  // dialer
  #expect(session.harness.phone.screenName == "dialer")
  session.tap(.back, .down, .up)
  session.tap(.call)
  #expect(session.harness.phone.screenName == "calling")
  session.wait(.seconds(3))
  session.tap(.end)
  session.tap(.ok, .three)  // settings
  session.tap(.hash, .hash, .ok)
  session.wait(.seconds(65))
  session.tap(.end)
  #expect(session.harness.phone.isIdle.self)
  #expect(session.steps > 40)
  #expect(session.problems.isEmpty, "\(session.problems)")
}

@Test("ordinary use on a 20x4 module is consistent too, lists scrolling")
func phoneConsistency_ordinaryUseOn20x4() throws {
  var session = CheckedSession(Phone(geometry: lcd20x4, contacts: try sampleBook(), start: .menu))
  for _ in 0..<7 { session.tap(.down) }
  session.tap(.up, .up, .up)
  session.tap(.end, .softRight)
  for _ in 0..<5 { session.tap(.down) }
  session.tap(.end)
  #expect(session.problems.isEmpty, "\(session.problems)")
}

// MARK: - A broken stack

@Test("an idle screen in the middle of the stack is found; repair goes idle keeping the draft")
func phoneConsistency_idleInTheMiddle() throws {
  let composed = composing(pending: true)
  let text = composed.text
  var phone = composed.phone
  #expect(text == "Hi")
  #expect(phone.consistencyProblem == nil)
  phone.stack.insert(idleScreen, at: 1)
  let problem = try #require(phone.consistencyProblem.self)
  guard case .stack(let message) = problem else {
    Issue.record("not a stack problem: \(problem)")
    return
  }
  #expect(message == "idle at depth 2")
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.draft.string == "Hi", "the pending letter is kept in the draft")
  #expect(phone.consistencyProblem == nil)
  // The draft opens again in the message editor.
  var harness = PhoneHarness(phone)
  harness.tap(.hash, .one, .one)
  #expect(harness.phone.focusedText == "Hi")
}

@Test("a symbol table not over a field is found and repaired to idle")
func phoneConsistency_symbolsNotOverAField() throws {
  var phone = Phone()
  phone.stack.append(.menu(MenuScreen(.main)))
  phone.stack.append(.symbols(SymbolsScreen(contentType: .text, overMessage: true)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("the symbol table at depth 3 is not over a field"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.consistencyProblem == nil)
}

@Test("a symbol table under another screen is found")
func phoneConsistency_symbolsNotOnTop() throws {
  let composed = composing(pending: false)
  var phone = composed.phone
  phone.stack.append(.symbols(SymbolsScreen(contentType: .text, overMessage: true)))
  #expect(phone.consistencyProblem == nil, "the table over the editor is fine")
  phone.stack.append(.menu(MenuScreen(.messageOptions)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("the symbol table at depth 3 is not over a field"))
}

@Test(
  "a menu highlight outside its list is found with the item and the count",
  arguments: [9, -1])
func phoneConsistency_menuHighlightOutOfRange(selected: Int) throws {
  var phone = Phone()
  var list = ListState()
  list.selected = selected
  phone.stack.append(.menu(MenuScreen(.main, list: list)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(
    problem
      == .stack(
        "\(Menu.main.screenName) highlights item \(selected + 1) (top 1) of \(Menu.main.count)"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
}

@Test("a list scrolled past its highlight is found")
func phoneConsistency_topAfterSelected() throws {
  var phone = Phone()
  var list = ListState(selected: 1)
  list.top = 2
  phone.stack.append(.menu(MenuScreen(.main, list: list)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem.description.contains("highlights item 2 (top 3)"))
}

@Test("a contact card of an empty slot is found and repaired to idle")
func phoneConsistency_cardOfEmptySlot() throws {
  var phone = Phone(contacts: try sampleBook())
  phone.stack.append(.contacts(ContactsScreen()))
  phone.stack.append(.contact(ContactScreen(slot: 7)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("the contact card shows slot 7, which is empty"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.contacts.count == 3, "the book is untouched")
}

@Test("a contact card of an existing slot is fine")
func phoneConsistency_cardOfExistingSlot() throws {
  var harness = PhoneHarness(Phone(contacts: try sampleBook(), start: .contacts))
  harness.tap(.five, .six, .four)
  harness.tap(.ok)
  #expect(harness.phone.screenName == "contact")
  #expect(harness.phone.consistencyProblem == nil)
}

@Test("a stack deeper than the maximum is found and repaired to idle keeping the draft")
func phoneConsistency_tooDeep() throws {
  let composed = composing(pending: false)
  let text = composed.text
  var phone = composed.phone
  while phone.stack.count <= Phone.maximumDepth {
    phone.stack.append(.menu(MenuScreen(.main)))
  }
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("9 screens on a stack of at most 8"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.draft.string == text)
}

@Test("an empty stack is found and repaired to idle")
func phoneConsistency_emptyStack() throws {
  var phone = Phone()
  phone.stack.removeAll()
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("0 screens on a stack of at most 8"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.consistencyProblem == nil)
}

@Test("a stack not starting on idle is found; repair goes idle")
func phoneConsistency_notIdleAtTheBottom() throws {
  var phone = Phone(start: .menu)
  phone.stack.removeFirst()
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("menu at the bottom, not idle"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(phone.consistencyProblem == nil)
}

@Test("a message editor at the bottom of a broken stack has its text kept in the draft")
func phoneConsistency_editorAtTheBottomKeepsDraft() throws {
  let composed = composing(pending: false)
  let text = composed.text
  var phone = composed.phone
  #expect(text == "Hi")
  phone.stack.removeFirst()
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .stack("compose at the bottom, not idle"))
  phone.repair(problem)
  #expect(phone.isIdle == true)
  #expect(
    phone.draft.string == "Hi", "leaving the editor saves the draft, as leaving it always does")
}

// MARK: - An inconsistent editor

/// A phone showing the message editor over idle whose editor came from a
/// corrupted draft.
private func phoneWithCorruptedEditor(_ corrupt: (inout TextEditor) -> Void) -> Phone {
  var phone = Phone(draft: "Hello")
  corrupt(&phone.context.services.draft)
  phone.stack.append(.editor(EditorScreen(opening: .message, phone.context)))
  return phone
}

@Test("an editor whose cursor is outside its text is found and repaired in place, nothing lost")
func phoneConsistency_editorCursorOutside() throws {
  var phone = phoneWithCorruptedEditor { $0.cursor = 42 }
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .editor("compose: cursor at 42 in a text of 5 characters"))
  phone.repair(problem)
  #expect(phone.screenName == "compose", "an editor repair does not leave the screen")
  #expect(phone.focusedText == "Hello")
  #expect(phone.consistencyProblem == nil)
  var harness = PhoneHarness(phone)
  harness.tap(.zero)
  #expect(harness.phone.focusedText?.hasPrefix("Hello") == true)
  #expect(harness.phone.focusedText?.count == 6, "typing goes on inside the text")
}

@Test("an editor with a letter pending and a T9 word at once is repaired keeping every character")
func phoneConsistency_editorPendingAndWord() throws {
  var phone = phoneWithCorruptedEditor { editor in
    editor.cursor = 2
    editor.pending = PendingLetter(
      key: .five, position: 2, uppercase: false, deadline: Instant(microseconds: 500_000))
    editor.composition = Composition(start: 2, previous: nil, capitalized: false)
  }
  let problem = try #require(phone.consistencyProblem.self)
  guard case .editor(let message) = problem else {
    Issue.record("not an editor problem: \(problem)")
    return
  }
  #expect(message.hasPrefix("compose: "))
  #expect(message.contains("both being chosen"))
  phone.repair(problem)
  #expect(phone.focusedText == "Hello")
  #expect(phone.consistencyProblem == nil)
  // Leaving keeps the repaired text as the draft.
  var harness = PhoneHarness(phone)
  harness.tap(.end)
  #expect(harness.phone.draft.string == "Hello")
}

@Test("an inconsistent editor under the symbol table is the focused one and is repaired")
func phoneConsistency_editorUnderSymbols() throws {
  var phone = phoneWithCorruptedEditor { $0.cursor = -4 }
  phone.stack.append(.symbols(SymbolsScreen(contentType: .text, overMessage: true)))
  let problem = try #require(phone.consistencyProblem.self)
  #expect(problem == .editor("compose: cursor at -4 in a text of 5 characters"))
  phone.repair(problem)
  #expect(phone.screenName == "symbols")
  #expect(phone.focusedText == "Hello")
  #expect(phone.consistencyProblem == nil)
}
