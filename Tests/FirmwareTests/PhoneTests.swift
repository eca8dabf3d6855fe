import CharacterLCD
import Firmware
import KeypadInput
import Testing

@Test("boots on the idle screen with the product name, clock and soft keys")
func phone_idleScreen() {
  var settings = PhoneSettings()
  settings.clockAtStart = 9 * 60 + 41
  var driver = PhoneDriver(settings: settings)
  #expect(driver.rows() == ["t9phone    09:41", "Menu       Names"])
  driver.wait(60_000)
  #expect(driver.rows()[0] == "t9phone    09:42")
}

@Test("# opens the menu, digits open items, * goes back")
func phone_menuWithTwelveKeys() {
  var driver = PhoneDriver()
  driver.tap(.hash)
  #expect(driver.phone.screenName == "menu")
  driver.tap(.one)
  #expect(driver.phone.screenName == "messages")
  driver.tap(.one)
  #expect(driver.phone.screenName == "compose")
  driver.tap(.four, .four)
  driver.hold(.star)
  driver.tap(.zero)
  #expect(driver.phone.screenName == "options")
  driver.tap(.one)
  #expect(driver.phone.screenName == "messages")
  driver.tap(.star, .star)
  #expect(driver.phone.screenName == "idle")
}

@Test("# moves down a list and hold # selects the highlighted item")
func phone_hashNavigatesLists() {
  var driver = PhoneDriver(start: .menu)
  driver.tap(.hash, .hash)
  #expect(driver.rows() == ["Menu         3/3", "→3 Settings    ↑"])
  driver.hold(.hash)
  #expect(driver.phone.screenName == "settings")
}

@Test("end returns to idle from anywhere and keeps the draft")
func phone_endKeepsDraft() {
  var driver = PhoneDriver(start: .compose)
  driver.tap(.four, .four)
  driver.tap(.end)
  #expect(driver.phone.screenName == "idle")
  driver.tap(.ok, .one, .one)
  #expect(driver.phone.focusedText == "H")
}

@Test("the message editor shows the text, the mode and the characters left")
func phone_composeScreen() {
  var driver = PhoneDriver(start: .compose)
  driver.tap(.four, .four)
  driver.wait(1000)
  driver.tap(.four, .four, .four)
  #expect(driver.rows() == ["Hi              ", "Abc        158/1"])
  let canvas = driver.canvas()
  #expect(canvas.cursor == CursorPosition(row: 0, column: 1))
  #expect(canvas.cursorStyle == .blink)
  driver.wait(1000)
  #expect(driver.canvas().cursorStyle == .underline)
  #expect(driver.canvas().cursor == CursorPosition(row: 0, column: 2))
}

@Test("a refused key shows a notice on the status row, which goes away")
func phone_noticeExpires() {
  var settings = PhoneSettings()
  settings.defaultMode = .numeric
  var driver = PhoneDriver(settings: settings, start: .settings)
  driver.tap(.one)
  #expect(driver.phone.screenName == "edit-setting")
  driver.tap(.star)
  #expect(driver.phone.noticeText == "Digits only")
  #expect(driver.phone.focusedText == "1000")
  driver.wait(1600)
  #expect(driver.phone.noticeText == nil)
}

@Test("saving a multi-tap timeout changes multi-tap; out of range is refused")
func phone_settingsTakeEffect() {
  var driver = PhoneDriver(start: .settings)
  driver.tap(.one)
  driver.hold(.back)
  driver.tap(.five, .zero)
  driver.tap(.ok)
  #expect(driver.phone.noticeText == "100-5000 ms")
  #expect(driver.phone.screenName == "edit-setting")
  driver.tap(.zero, .zero)
  driver.tap(.ok)
  #expect(driver.phone.settings.multitapTimeout == .milliseconds(5000))
  #expect(driver.phone.screenName == "settings")
}

@Test("the long-press setting reaches the gesture recogniser")
func phone_longPressSetting() {
  var driver = PhoneDriver(start: .settings)
  driver.tap(.two)
  driver.hold(.back)
  driver.tap(.three, .zero, .zero, .ok)
  #expect(driver.phone.settings.gestures.longPress == .milliseconds(300))
  driver.tap(.end, .ok, .one, .one)
  driver.hold(.five, 350)
  #expect(driver.phone.focusedText == "5")
}

@Test("an edge older than the last is refused and logged once, by the phone alone")
func phone_rejectsTimeGoingBackwards() {
  var driver = PhoneDriver(start: .compose)
  driver.wait(1000)
  driver.phone.handle(KeyEvent(.press, .two, at: Instant(microseconds: 10)))
  #expect(driver.collector.records.filter { $0.line.contains("time went backwards") }.count == 1)
  driver.tap(.two)
  #expect(driver.phone.focusedText == "A")
}

@Test("the backlight goes off after the timeout and a key turns it on")
func phone_backlight() {
  var driver = PhoneDriver()
  #expect(driver.phone.backlightOn)
  driver.wait(15_000)
  #expect(!driver.phone.backlightOn)
  #expect(!driver.canvas().backlight)
  driver.tap(.five)
  #expect(driver.phone.backlightOn)
}

@Test("lists scroll with arrows and show ↑ ↓ marks")
func phone_listScrolling() {
  var driver = PhoneDriver(
    geometry: LCDGeometry(columns: 20, rows: 4) ?? .lcd16x2, start: .settings)
  #expect(driver.rows()[3].hasSuffix("↓"))
  driver.tap(.down, .down, .down)
  let rows = driver.rows()
  #expect(rows[0] == "Settings         4/5")
  #expect(rows[1].hasSuffix("↑"))
  #expect(rows[3].hasPrefix("→4 Language"))
}

@Test("the next deadline is the earliest timer: multi-tap before the clock tick")
func phone_nextDeadline() {
  var driver = PhoneDriver(start: .compose)
  driver.tap(.two)
  let deadline = driver.phone.nextDeadline
  #expect(deadline == Instant(microseconds: 80_000) + .milliseconds(1000))
}
