import CharacterLCD
import Firmware
import FirmwareTestSupport
import KeypadInput
import TestSupport
import Testing

@Test("boots on the idle screen with the product name, clock and soft keys")
func phone_idleScreen() {
  var settings = PhoneSettings()
  settings.clockAtStart = 9 * 60 + 41
  var harness = PhoneHarness(Phone(settings: settings))
  #expect(harness.rows == ["t9phone    09:41", "Menu       Names"])
  harness.advance(by: .seconds(60))
  #expect(harness.rows[0] == "t9phone    09:42")
}

@Test("# opens the menu, digits open items, * goes back")
func phone_menuWithTwelveKeys() {
  var harness = PhoneHarness(Phone())
  harness.tap(.hash)
  #expect(harness.phone.screenName == "menu")
  harness.tap(.one)
  #expect(harness.phone.screenName == "messages")
  harness.tap(.one)
  #expect(harness.phone.screenName == "compose")
  harness.tap(.four, .four)
  harness.hold(.star)
  harness.tap(.zero)
  #expect(harness.phone.screenName == "options")
  // 3 Exit editor (after 1 Send and 2 Save to drafts).
  harness.tap(.three)
  #expect(harness.phone.screenName == "messages")
  harness.tap(.star, .star)
  #expect(harness.phone.screenName == "idle")
}

@Test("# moves down a list and hold # selects the highlighted item")
func phone_hashNavigatesLists() {
  var harness = PhoneHarness(Phone(start: .menu))
  harness.tap(.hash, .hash)
  #expect(harness.rows == ["Menu         3/4", "→3 Settings    ↑"])
  harness.hold(.hash)
  #expect(harness.phone.screenName == "settings")
}

@Test("end returns to idle from anywhere and keeps the draft")
func phone_endKeepsDraft() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.four, .four)
  harness.tap(.end)
  #expect(harness.phone.screenName == "idle")
  harness.tap(.ok, .one, .one)
  #expect(harness.phone.focusedText == "H")
}

@Test("the message editor shows the text, the mode and the characters left")
func phone_composeScreen() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.four, .four)
  harness.advance(by: .seconds(1))
  harness.tap(.four, .four, .four)
  #expect(harness.rows == ["Hi              ", "Abc        158/1"])
  let frame = harness.frame
  #expect(frame.cursor == CursorPosition(row: 0, column: 1))
  #expect(frame.cursorStyle == .blink)
  harness.advance(by: .seconds(1))
  #expect(harness.frame.cursorStyle == .underline)
  #expect(harness.frame.cursor == CursorPosition(row: 0, column: 2))
}

@Test("a refused key shows a notice on the status row, which goes away")
func phone_noticeExpires() {
  var settings = PhoneSettings()
  settings.defaultMode = .numeric
  var harness = PhoneHarness(Phone(settings: settings, start: .settings))
  harness.tap(.one)
  #expect(harness.phone.screenName == "edit-setting")
  harness.tap(.star)
  #expect(harness.phone.noticeText == "Digits only")
  #expect(harness.phone.focusedText == "1000")
  harness.advance(by: .milliseconds(1600))
  #expect(harness.phone.noticeText == nil)
}

@Test("saving a multi-tap timeout changes multi-tap; out of range is refused")
func phone_settingsTakeEffect() {
  var harness = PhoneHarness(Phone(start: .settings))
  harness.tap(.one)
  harness.hold(.back)
  harness.tap(.five, .zero)
  harness.tap(.ok)
  #expect(harness.phone.noticeText == "100-5000 ms")
  #expect(harness.phone.screenName == "edit-setting")
  harness.tap(.zero, .zero)
  harness.tap(.ok)
  #expect(harness.phone.settings.multitapTimeout == .milliseconds(5000))
  #expect(harness.phone.screenName == "settings")
}

@Test("the long-press setting reaches the gesture recogniser")
func phone_longPressSetting() {
  var harness = PhoneHarness(Phone(start: .settings))
  harness.tap(.two)
  harness.hold(.back)
  harness.tap(.three, .zero, .zero, .ok)
  #expect(harness.phone.settings.gestures.longPress == .milliseconds(300))
  harness.tap(.end, .ok, .one, .one)
  harness.hold(.five, for: .milliseconds(350))
  #expect(harness.phone.focusedText == "5")
}

@Test("an edge older than the last is refused and logged once, by the phone alone")
func phone_rejectsTimeGoingBackwards() {
  let collector = LogCollector()
  var harness = PhoneHarness(Phone(log: collector.log(minimumLevel: .debug), start: .compose))
  harness.advance(by: .seconds(1))
  harness.handle(KeyEvent(.press, .two, at: Instant(microseconds: 10)))
  #expect(collector.records.filter { $0.line.contains("time went backwards") }.count == 1)
  harness.tap(.two)
  #expect(harness.phone.focusedText == "A")
}

@Test("the backlight goes off after the timeout and a key turns it on")
func phone_backlight() {
  var harness = PhoneHarness(Phone())
  #expect(harness.phone.backlightOn == true)
  harness.advance(by: .seconds(15))
  #expect(harness.phone.backlightOn == false)
  #expect(!harness.frame.backlight)
  harness.tap(.five)
  #expect(harness.phone.backlightOn == true)
}

@Test("lists scroll with arrows and show ↑ ↓ marks")
func phone_listScrolling() {
  var harness = PhoneHarness(
    Phone(
      geometry: LCDGeometry(columns: 20, rows: 4) ?? .lcd16x2, start: .settings))
  #expect(harness.rows[3].hasSuffix("↓"))
  harness.tap(.down, .down, .down)
  let rows = harness.rows
  #expect(rows[0] == "Settings         4/5")
  #expect(rows[1].hasSuffix("↑"))
  #expect(rows[3].hasPrefix("→4 Language"))
}

@Test("the next deadline is the earliest timer: multi-tap before the clock tick")
func phone_nextDeadline() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.two)
  let deadline = harness.phone.nextDeadline
  #expect(deadline == Instant(microseconds: 80_000) + .seconds(1))
}

@Test("a phone booted with a draft shows it when the message editor opens from the menu")
func phone_bootsWithDraft() {
  var harness = PhoneHarness(Phone(draft: "Hello"))
  #expect(harness.phone.screenName == "idle")
  harness.tap(.hash, .one, .one)
  #expect(harness.phone.screenName == "compose")
  #expect(harness.phone.focusedText == "Hello")
  #expect(harness.rows[0].hasPrefix("Hello "))
}

@Test("a draft too long for a message is refused and logged; the phone starts without it")
func phone_refusesLongDraft() {
  let log = LogCollector()
  var harness = PhoneHarness(
    Phone(
      log: log.log, draft: String(repeating: "a", count: Phone.messageCapacity + 1),
      start: .compose))
  #expect(harness.phone.focusedText == "")
  #expect(
    log.records.contains { $0.line.hasPrefix("[ui][draft] warning: a draft of 460 characters") })
  #expect(harness.rows[0] == String(repeating: " ", count: 16))
}
