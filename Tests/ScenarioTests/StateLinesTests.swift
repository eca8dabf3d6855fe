import CharacterLCD
import Firmware
import FirmwareTestSupport
import KeypadInput
import ScenarioText
import Testing

import enum Scenario.Expectation

@testable import Scenario

@Test("a running phone's state lines are the lines a plan's expectations give, word for word")
func stateLines_agreeWithExpectations() {
  var harness = PhoneHarness(Phone(start: .compose))
  harness.tap(.four, .four)  // multi-tap: g, then h, pending (docs/scenarios.md)
  let lines = StateLines.lines(of: harness.phone, frame: harness.frame)
  let expected: [Expectation] = [
    .screenName("compose"), .text("H"), .mode("Abc"), .cursor(row: 1, column: 1, style: .blink),
    .backlight(true),
  ]
  for expectation in expected {
    let line = StateLines.line(for: expectation)
    #expect(line.map { lines.contains($0) } == true, "\(String(describing: line)) in \(lines)")
  }
  #expect(StateLines.line(for: .cursor(row: 1, column: 1, style: nil)) == "cursor 1 1")
  #expect(!lines.contains("cursor 1 1"))
}

@Test("without a text field the state says none; a menu shows no cursor")
func stateLines_menu() {
  var harness = PhoneHarness(Phone(start: .menu))
  let lines = StateLines.lines(of: harness.phone, frame: harness.frame)
  #expect(
    lines == [
      "screen menu", "text none", "mode none", "cursor off", "backlight on", "inbox 0", "unread 0",
      "call idle", "missed 0",
    ])
  #expect(StateLines.line(for: .call(.ringing)) == "call ringing")
  #expect(StateLines.line(for: .missed(2)) == "missed 2")
  #expect(StateLines.line(for: .inbox(3)) == "inbox 3")
  #expect(StateLines.line(for: .unread(0)) == "unread 0")
  #expect(StateLines.line(for: .cursorOff) == "cursor off")
  #expect(StateLines.line(for: .backlight(false)) == "backlight off")
}

@Test("text is quoted as a scenario writes it; checks of the log, repairs or reports have no line")
func stateLines_quotingAndOthers() {
  #expect(StateLines.line(for: .text("a\"b\\c\nd\te")) == #"text "a\"b\\c\nd\te""#)
  #expect(StateLines.line(for: .mode("T9 Abc")) == #"mode "T9 Abc""#)
  #expect(StateLines.line(for: .logContains("x")) == nil)
  #expect(StateLines.line(for: .repairs(0)) == nil)
  #expect(StateLines.line(for: .report) == nil)
  #expect(StateLines.line(for: .screen(["a"])) == nil)
}
