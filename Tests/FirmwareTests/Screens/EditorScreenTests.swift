import Firmware
import KeypadInput
import Testing

@Test("message editor: the draft is kept when the editor closes, committed")
func editorScreen_draftSurvivesClosing() {
  var driver = PhoneDriver(start: .compose)
  driver.tap(.four, .four)
  driver.tap(.softRight)
  #expect(driver.phone.screenName == "idle")
  #expect(driver.phone.focusedText == nil)
  driver.tap(.ok, .one, .one)
  #expect(driver.phone.focusedText == "H")
  #expect(driver.phone.editorScreen?.editor.pending == nil)
}

@Test("message options: Clear text empties the message, Exit editor closes it")
func editorScreen_messageOptions() {
  var driver = PhoneDriver(start: .compose)
  driver.tap(.two, .two)
  driver.wait(1100)
  driver.tap(.softLeft)
  #expect(driver.phone.menuScreen?.menu == .messageOptions)
  driver.tap(.two)
  #expect(driver.phone.screenName == "compose")
  #expect(driver.phone.focusedText == "")
  // Opened at start-up, straight over idle.
  driver.tap(.softLeft, .one)
  #expect(driver.phone.screenName == "idle")
}

@Test("field editor: ok saves a valid value; Cancel leaves the setting as it was")
func editorScreen_fieldOptions() {
  var driver = PhoneDriver(start: .settings)
  driver.tap(.one)
  driver.hold(.back)
  driver.tap(.eight, .zero, .zero)
  driver.tap(.softLeft)
  #expect(driver.phone.menuScreen?.menu == .fieldOptions)
  driver.tap(.two)
  #expect(driver.phone.screenName == "settings")
  #expect(driver.phone.settings.multitapTimeout == .milliseconds(1000))
  driver.tap(.one)
  driver.hold(.back)
  driver.tap(.eight, .zero, .zero, .ok)
  #expect(driver.phone.settings.multitapTimeout == .milliseconds(800))
}

@Test("editor: the view follows the cursor down the lines of a long message")
func editorScreen_scrollFollowsCursor() {
  var settings = PhoneSettings()
  settings.defaultMode = .numeric
  var driver = PhoneDriver(settings: settings, start: .compose)
  for _ in 0..<20 { driver.tap(.one) }
  #expect(driver.rows()[0] == "1111            ")
  driver.tap(.up)
  #expect(driver.rows()[0] == "1111111111111111")
}
