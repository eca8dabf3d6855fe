import KeypadInput
import ScenarioText
import Testing

@testable import Scenario

private func plan(_ text: String) throws(ScenarioError) -> [String] {
  try ScenarioPlan.lines(for: try ScenarioParser.parse(text, file: "h.scenario"))
}

/// The plan's steps: what follows the header, which ends with `start`.
private func steps(_ text: String) throws(ScenarioError) -> [String] {
  let lines = try plan(text)
  guard let start = lines.firstIndex(where: { $0.hasPrefix("start ") }) else { return lines }
  return Array(lines[(start + 1)...])
}

@Test("a plan turns taps, holds and waits into key edges and sleeps with the scenario's timing")
func scenarioPlan_edges() throws {
  let lines = try steps(
    """
    set tap-hold 90ms
    set tap-gap 200ms
    tap 2
    hold # 1500ms
    wait 1s
    press ok
    release ok
    """)
  #expect(
    lines == [
      "down 2", "sleep 90", "up 2", "sleep 200", "down #", "sleep 1500", "up #", "sleep 1000",
      "down ok", "up ok",
    ])
}

@Test("a plan carries screen and line expectations, unplug and replug, and unrolls repeats")
func scenarioPlan_expectations() throws {
  let lines = try steps(
    """
    repeat 2
    tap 5
    done
    unplug
    replug
    expect line 2 "abc"
    expect line 1 contains "x"
    expect screen
    |first           |
    |second          |
    """)
  #expect(lines.filter { $0 == "down 5" }.count == 2)
  #expect(
    Array(lines.suffix(10)) == [
      "unplug", "replug", "expect-line 2", "|abc|", "expect-line-contains 1", "|x|", "expect",
      "|first           |", "|second          |", "end",
    ])
}

@Test(
  "a plan starts with the scenario's set-up in header words, settings and start screen included")
func scenarioPlan_header() throws {
  let lines = try plan(
    """
    lcd 20x4
    rom A02
    language id
    clock 09:41
    start compose
    dictionary off
    contacts ../fixtures/contacts.vcf
    set multitap-timeout 800ms
    set input-mode abc
    tap 2
    """)
  for line in [
    "lcd 20x4", "rom A02", "display i2c wiring=backpack", "dictionary off",
    "contacts ../fixtures/contacts.vcf", "language id", "clock 09:41", "set input-mode abc",
    "set multitap-timeout 800ms", "set long-press 700ms", "start compose",
  ] {
    #expect(lines.contains(line), "\(line)")
  }
  #expect(lines.firstIndex(of: "start compose") == lines.firstIndex(of: "down 2").map { $0 - 1 })
  // What the scenario reads back: the header alone parses to the same set-up.
  let header = try ScenarioParser.parse(
    lines.prefix { !$0.hasPrefix("down") }.joined(separator: "\n") + "\n", file: "h.scenario")
  #expect(header.start == .compose)
  #expect(header.settings.multitapTimeout == .milliseconds(800))
  #expect(header.settings.clockAtStart == 9 * 60 + 41)
}

@Test("the phone's state is checked as expect-state lines")
func scenarioPlan_state() throws {
  let lines = try steps(
    """
    start compose
    tap 2
    expect text "a\\\"b"
    expect mode "T9 Abc"
    expect screen-name compose
    expect cursor 1 2
    expect cursor 1 2 blink
    expect cursor off
    expect backlight on
    """)
  #expect(
    Array(lines.suffix(7)) == [
      #"expect-state text "a\"b""#, #"expect-state mode "T9 Abc""#,
      "expect-state screen compose", "expect-state cursor 1 2", "expect-state cursor 1 2 blink",
      "expect-state cursor off", "expect-state backlight on",
    ])
}

@Test("what hardware cannot check or do is refused with its location")
func scenarioPlan_refusals() {
  #expect(throws: ScenarioError.self) { try plan("tap 1\nexpect repairs 0\n") }
  #expect(throws: ScenarioError.self) { try plan("tap 1\nexpect report\n") }
  #expect(throws: ScenarioError.self) { try plan("tap 1\nrestart\n") }
  #expect(throws: ScenarioError.self) { try plan("tap 1\nfault lcd-reset\n") }
  #expect(throws: ScenarioError.self) { try plan("draft \"Hi\"\ntap 1\n") }
  #expect(throws: ScenarioError.self) { try plan("evemu a.evemu\n") }
  do {
    _ = try plan("tap 1\n\nexpect repairs 0\n")
    Issue.record("expected a refusal")
  } catch {
    #expect(
      error.description
        == "h.scenario:3:1: error: only the glass and the phone's state can be checked on hardware")
  }
}

@Test("unplug shows the notice over the screen and forgets a held key; replug resumes")
func scenarioRunner_unplug() throws {
  let scenario = try ScenarioParser.parse(
    """
    start compose
    dictionary off
    set input-mode abc
    tap 2 2
    press 3
    unplug
    expect screen
    |     Keypad     |
    |  disconnected  |
    wait 5s
    replug
    expect text "b"
    tap 3
    wait 2s
    expect text "bd"
    """, file: "u.scenario")
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(String(describing: result.failure))")
  #expect(result.checksPassed == 3)
}

@Test("recorded key edges replay at their times from the current virtual time")
func scenarioRunner_keyEvents() throws {
  var scenario = try ScenarioParser.parse(
    """
    start compose
    dictionary off
    set input-mode abc
    evemu rec.evemu
    wait 2s
    expect text "ad"
    """, file: "r.scenario")
  #expect(scenario.keymap == "numpad-phone")
  let edges = [
    KeyEvent(.press, .two, at: Instant(microseconds: 0)),
    KeyEvent(.release, .two, at: Instant(microseconds: 90_000)),
    KeyEvent(.press, .three, at: Instant(microseconds: 400_000)),
    KeyEvent(.release, .three, at: Instant(microseconds: 480_000)),
  ]
  // Unloaded, the step fails instead of silently doing nothing.
  #expect(ScenarioRunner.run(scenario).failure?.message == "recording rec.evemu was not loaded")
  scenario.steps[0] = ScenarioStep(.keyEvents(edges), at: scenario.steps[0].location)
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(String(describing: result.failure))")
  #expect(result.keyEvents == 4)
  #expect(result.endTime == Instant(microseconds: 2_480_000))
}

@Test("with a modem the plan carries the network's lines, the modem's faults and what was sent")
func scenarioPlan_network() throws {
  let text = """
    modem sim
    messages-capacity 40
    country 62
    network sms Telkomsel "Sisa pulsa \\"Rp 5.000\\""
    network pdu \(validPDU)
    network refuse-sends
    network accept-sends
    fault modem-reset
    fault modem-silent 3s
    fault modem-gone 1500ms
    fault modem-reset-mid-send
    expect sent +62812 "Hi\\n"
    expect screen contains "Sending..."
    expect inbox 2
    expect unread 1
    expect log contains "restarted"
    """
  let all = try plan(text)
  #expect(all.contains("modem sim"))
  #expect(all.contains("messages-capacity 40"))
  #expect(all.contains("country 62"))
  let lines = try steps(text)
  #expect(
    lines == [
      #"network sms Telkomsel "Sisa pulsa \"Rp 5.000\"""#, "network pdu \(validPDU)",
      "network refuse-sends", "network accept-sends", "fault modem-reset",
      "fault modem-silent 3s", "fault modem-gone 1.5s", "fault modem-reset-mid-send",
      #"expect-sent +62812 "Hi\n""#, "expect-contains", "|Sending...|",
      "expect-state inbox 2", "expect-state unread 1", "expect-log-contains", "|restarted|",
    ])
}

/// An SMS-DELIVER from +31641600986 reading "How are you?" (python-gsmmodem's vector).
private let validPDU =
  "07911326040000F0040B911346610089F60000208062917314080CC8F71D14969741F977FD07"

@Test("the network's lines of a plan are read back as the same commands, and others are refused")
func networkCommand_roundTrip() throws {
  let lines = [
    #"network sms +6281234567 "Halo\tapa kabar?""#, "network pdu \(validPDU)",
    "network refuse-sends", "network accept-sends", "fault modem-reset", "fault modem-silent 2s",
    "fault modem-gone 500ms", "fault modem-reset-mid-send", #"expect-sent 5551234 "Hi""#,
  ]
  for line in lines {
    #expect(try NetworkCommand.parse(line).line == line)
  }
  #expect(try NetworkCommand.parse("fault modem-reset") == .fault(.modemReset))
  #expect(throws: ScenarioError.self) { try NetworkCommand.parse("tap 1") }
  #expect(throws: ScenarioError.self) { try NetworkCommand.parse("fault lcd-reset") }
  #expect(throws: ScenarioError.self) { try NetworkCommand.parse("network sms") }
  #expect(throws: ScenarioError.self) { try NetworkCommand.parse("network pdu 00\nnetwork pdu 00") }
}
