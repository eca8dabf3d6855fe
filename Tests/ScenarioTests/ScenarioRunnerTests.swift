import CharacterLCD
import Firmware
import FirmwareTestSupport
import Scenario
import Testing

private func run(_ text: String, frames: Bool = false) throws -> ScenarioResult {
  ScenarioRunner.run(try ScenarioParser.parse(text, file: "t.scenario"), recordFrames: frames)
}

@Test("a passing scenario counts its checks and key events")
func scenarioRunner_passes() throws {
  let result = try run(
    """
    start compose
    tap 4 4
    expect text "H"
    expect cursor 1 1 blink
    wait 1s
    expect cursor 1 2 underline
    expect screen
    |H               |
    |Abc        159/1|
    """)
  #expect(result.passed)
  #expect(result.checksPassed == 4)
  #expect(result.keyEvents == 4)
}

@Test("a failing expectation stops the run with the expected and actual rows")
func scenarioRunner_reportsFirstFailure() throws {
  let result = try run(
    """
    start compose
    tap 2
    expect line 1 "B"
    expect text "never checked"
    """)
  let failure = try #require(result.failure)
  #expect(failure.location.line == 3)
  #expect(failure.expectedRows?[0] == "B               ")
  #expect(failure.actualRows[0] == "A               ")
  #expect(result.checksPassed == 0)
}

@Test("tap holds each key for tap-hold and waits tap-gap")
func scenarioRunner_tapTiming() throws {
  let result = try run(
    """
    set tap-hold 100ms
    set tap-gap 1s
    start compose
    tap 2 2
    expect text "Aa"
    """)
  #expect(result.passed, "1.1 s between taps exceeds the 1 s timeout: a new letter")
  #expect(result.endTime.microseconds == 2_200_000)
}

@Test("replay records each distinct frame once, with its time")
func scenarioRunner_recordsFrames() throws {
  let result = try run(
    """
    start compose
    tap 2
    wait 2s
    """, frames: true)
  let times = result.frames.map(\.time.microseconds)
  #expect(times == [0, 80_000, 1_080_000])
  #expect(TextFrameRenderer.rows(of: result.frames[1].frame)[0] == "A               ")
}

@Test("log expectations see the firmware's log")
func scenarioRunner_logExpectation() throws {
  let result = try run(
    """
    press 5
    wait 31s
    expect log contains "stuck"
    expect log contains "never logged"
    """)
  #expect(result.checksPassed == 1)
  #expect(result.failure?.location.line == 4)
}

@Test("ten thousand key events replay deterministically")
func scenarioRunner_manyEventsAreDeterministic() throws {
  var lines = ["start compose"]
  for index in 0..<5000 {
    lines.append(index % 100 == 99 ? "hold back 800ms" : "tap \(2 + index % 8)")
  }
  lines.append("expect mode \"Abc\"")
  let text = lines.joined(separator: "\n")
  let first = try run(text)
  let second = try run(text)
  #expect(first.passed)
  #expect(first.keyEvents == 10_000)
  #expect(first.endTime == second.endTime)
}

@Test("replay's frames are the harness's frames for the same stimuli")
func scenarioRunner_framesComeFromTheHarness() throws {
  let scenario = try ScenarioParser.parse(
    """
    start compose
    tap 4 4
    hold 5 900ms
    wait 2s
    unplug
    wait 1s
    replug
    tap 0
    wait 20s
    """, file: "f.scenario")
  var harness = PhoneHarness(
    Phone(settings: scenario.settings, start: .compose), recordsFrames: true)
  for step in scenario.steps {
    for stimulus in scenario.stimuli(of: step.action) ?? [] { harness.apply(stimulus) }
  }
  let replayed = ScenarioRunner.run(scenario, recordFrames: true)
  #expect(replayed.frames.count > 5)
  #expect(replayed.frames == harness.takeFrames())
}

@Test("a failure names the expectation that did not hold, for test --update")
func scenarioRunner_failureNamesExpectation() throws {
  let screen = try #require(
    try run(
      """
      start compose
      tap 2
      expect screen
      |B               |
      |Abc        159/1|
      """
    ).failure)
  #expect(screen.expectation == .screen(["B               ", "Abc        159/1"]))
  #expect(screen.actualRows == ["A               ", "Abc        159/1"])
  let text = try #require(try run("start compose\ntap 2\nexpect text \"B\"").failure)
  #expect(text.expectation == .text("B"))
}
