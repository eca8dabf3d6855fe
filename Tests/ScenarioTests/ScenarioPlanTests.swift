import KeypadInput
import Testing

@testable import Scenario

private func plan(_ text: String) throws(ScenarioError) -> [String] {
  try ScenarioPlan.lines(for: try ScenarioParser.parse(text, file: "h.scenario"))
}

@Test("a plan turns taps, holds and waits into key edges and sleeps with the scenario's timing")
func scenarioPlan_edges() throws {
  let lines = try plan(
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
  let lines = try plan(
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

@Test("what hardware cannot check or do is refused with its location")
func scenarioPlan_refusals() {
  #expect(throws: ScenarioError.self) { try plan("tap 1\nexpect mode \"Abc\"\n") }
  #expect(throws: ScenarioError.self) { try plan("tap 1\nrestart\n") }
  #expect(throws: ScenarioError.self) { try plan("start compose\ntap 1\n") }
  #expect(throws: ScenarioError.self) { try plan("draft \"Hi\"\ntap 1\n") }
  #expect(throws: ScenarioError.self) { try plan("evemu a.evemu\n") }
  do {
    _ = try plan("tap 1\n\nexpect text \"a\"\n")
    Issue.record("expected a refusal")
  } catch {
    #expect(error.description == "h.scenario:3:1: error: only the glass can be checked on hardware")
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
