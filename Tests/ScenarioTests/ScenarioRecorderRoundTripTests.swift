import Firmware
import KeypadInput
import Scenario
import Testing

/// What someone typed: a key, tapped or held, at a moment in microseconds
/// (odd ones, as a real clock gives).
private let typing: [(key: Key, at: Int64, held: Int64)] = [
  (.ok, 1_402_311, 60_000), (.one, 1_713_007, 60_000), (.one, 1_958_420, 60_000),
  (.four, 2_501_999, 60_000), (.four, 2_733_131, 60_000),
  // a pause: the multi-tap timeout commits the letter
  (.four, 4_120_404, 60_000), (.four, 4_380_777, 60_000), (.four, 4_597_005, 60_000),
  (.five, 6_002_513, 730_000), (.star, 8_250_250, 60_000), (.two, 8_519_999, 60_000),
  (.back, 10_400_001, 60_000),
]

@Test("a session recorded from the firmware's own run replays green")
func scenarioRecorder_roundTrip() throws {
  var header = Scenario(file: "recorded.scenario")
  header.usesDictionary = false
  var settings = header.settings
  settings.clockAtStart = 12 * 60 + 34
  header.settings = settings
  // The phone starts a little after the clock's zero, as in the simulator.
  var harness = PhoneHarness(
    Phone(settings: settings, geometry: header.geometry, at: Instant(microseconds: 7_321)),
    rom: header.rom)
  var recorder = ScenarioRecorder(header: header, origin: .zero, tapHold: .milliseconds(60))
  var edges: [KeyEvent] = []
  for typed in typing {
    edges.append(KeyEvent(.press, typed.key, at: Instant(microseconds: typed.at)))
    edges.append(KeyEvent(.release, typed.key, at: Instant(microseconds: typed.at + typed.held)))
  }
  func look(upTo time: Instant) {
    // The simulator's loop wakes a little late for the recorder's deadline.
    while let due = recorder.screenDue, due < time {
      let now = due + .microseconds(2_345)
      harness.advance(to: now)
      recorder.observe(rows: harness.rows, text: harness.phone.focusedText, at: now)
    }
  }
  for edge in edges {
    look(upTo: edge.time)
    harness.advance(to: edge.time)
    harness.handle(edge)
    recorder.record(edge)
  }
  let end = Instant(microseconds: 12_000_000)
  look(upTo: end)
  harness.advance(to: end)
  let text = recorder.text(endingWith: harness.rows, text: harness.phone.focusedText, at: end)

  let scenario = try ScenarioParser.parse(text, file: "recorded.scenario")
  let result = ScenarioRunner.run(scenario)
  #expect(result.passed, "\(result.failure?.message ?? "")\n\(text)")
  #expect(result.keyEvents == edges.count)
  let texts = scenario.steps.compactMap { step -> String? in
    if case .expect(.text(let text)) = step.action { return text }
    return nil
  }
  #expect(texts == ["H", "Hi", "Hi5", "Hi5a", "Hi5"], "\(text)")
}
