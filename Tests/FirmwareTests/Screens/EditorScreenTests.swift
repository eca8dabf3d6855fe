import Firmware
import FirmwareTestSupport
import KeypadInput
import Testing

@Test("message editor: the draft is kept when the editor closes, committed")
func editorScreen_draftSurvivesClosing() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.four, .four)
  harness.tap(.softRight)
  #expect(harness.phone.screenName == "idle")
  #expect(harness.phone.focusedText == nil)
  harness.tap(.ok, .one, .one)
  #expect(harness.phone.focusedText == "H")
  #expect(harness.phone.editorScreen?.editor.pending == nil)
}

@Test("message options: Clear text empties the message, Exit editor closes it")
func editorScreen_messageOptions() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.two, .two)
  harness.advance(by: .milliseconds(1100))
  harness.tap(.softLeft)
  #expect(harness.phone.menuScreen?.menu == .messageOptions)
  // Options: 1 Send, 2 Save to drafts, 3 Exit editor, 4 Clear text.
  harness.tap(.four)
  #expect(harness.phone.screenName == "compose")
  #expect(harness.phone.focusedText == "")
  // Opened at start-up, straight over idle.
  harness.tap(.softLeft, .three)
  #expect(harness.phone.screenName == "idle")
}

@Test("field editor: ok saves a valid value; Cancel leaves the setting as it was")
func editorScreen_fieldOptions() {
  var harness = PhoneHarness(Phone(start: .settings))
  harness.tap(.one)
  harness.hold(.back)
  harness.tap(.eight, .zero, .zero)
  harness.tap(.softLeft)
  #expect(harness.phone.menuScreen?.menu == .fieldOptions)
  harness.tap(.two)
  #expect(harness.phone.screenName == "settings")
  #expect(harness.phone.settings.multitapTimeout == .milliseconds(1000))
  harness.tap(.one)
  harness.hold(.back)
  harness.tap(.eight, .zero, .zero, .ok)
  #expect(harness.phone.settings.multitapTimeout == .milliseconds(800))
}

@Test("editor: the view follows the cursor down the lines of a long message")
func editorScreen_scrollFollowsCursor() {
  var settings = PhoneSettings()
  settings.defaultMode = .numeric
  var harness = PhoneHarness(Phone(settings: settings, start: .compose))
  for _ in 0..<20 { harness.tap(.one) }
  #expect(harness.rows[0] == "1111            ")
  harness.tap(.up)
  #expect(harness.rows[0] == "1111111111111111")
}
