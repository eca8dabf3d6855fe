import CharacterLCD
import Firmware
import KeypadInput
import Scenario
import Supervision
import Testing

import enum Scenario.Expectation

private let idle = ["t9phone    00:00", "Menu       Names"]

/// A recorder on a manual clock: the test says when everything happens.
private struct Session {
  var recorder: ScenarioRecorder

  init(pause: Duration = .seconds(1)) {
    var header = Scenario(file: "rec.scenario")
    header.usesDictionary = false
    recorder = ScenarioRecorder(
      header: header, origin: Instant(microseconds: 5_000_000), tapHold: .milliseconds(60),
      pause: pause)
  }

  /// `microseconds` after the origin.
  func at(_ microseconds: Int64) -> Instant { Instant(microseconds: 5_000_000 + microseconds) }

  mutating func press(_ key: Key, _ microseconds: Int64) {
    recorder.record(KeyEvent(.press, key, at: at(microseconds)))
  }

  mutating func release(_ key: Key, _ microseconds: Int64) {
    recorder.record(KeyEvent(.release, key, at: at(microseconds)))
  }

  /// What the simulator's loop does: shows the screen when it is due.
  mutating func look(_ rows: [String], text: String? = nil, _ microseconds: Int64) {
    recorder.observe(rows: rows, text: text, at: at(microseconds))
  }

  func text(_ rows: [String] = idle, text: String? = nil, end microseconds: Int64) -> String {
    recorder.text(endingWith: rows, text: text, at: at(microseconds))
  }
}

/// Two rows of the 16x2 LCD.
private func row(_ first: String, _ second: String) -> [String] {
  [first, second].map { $0 + String(repeating: " ", count: 16 - $0.count) }
}

/// The directives after the header's `start` line.
private func steps(_ text: String) -> [String] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let start = lines.firstIndex(where: { $0.hasPrefix("start ") }) else { return [] }
  return lines[(start + 1)...].filter { !$0.isEmpty }
}

@Test("times are written to the nearest 10 ms, measured from the origin")
func scenarioRecorder_quantises() {
  var session = Session()
  session.press(.four, 1_234_567)  // 1.23 s
  session.release(.four, 1_294_567)  // 60 ms later: a tap
  session.press(.four, 1_505_001)  // 1.51 s
  session.release(.four, 1_565_001)
  let lines = steps(session.text(end: 1_600_000))
  #expect(Array(lines.prefix(4)) == ["wait 1.23s", "tap 4", "wait 220ms", "tap 4"])
}

@Test("a press released after the tap time is a tap, after any other time a hold")
func scenarioRecorder_tapOrHold() {
  var session = Session()
  session.press(.star, 100_000)
  session.release(.star, 160_000)
  session.press(.hash, 300_000)
  session.release(.hash, 1_030_000)
  session.press(.ok, 1_100_000)
  session.release(.ok, 1_180_000)
  let lines = steps(session.text(end: 1_200_000))
  #expect(
    Array(lines.prefix(6)) == [
      "wait 100ms", "tap *", "wait 140ms", "hold # 730ms", "wait 70ms", "hold ok 80ms",
    ])
}

@Test("keys down together are written as presses and releases")
func scenarioRecorder_overlappingKeys() {
  var session = Session()
  session.press(.one, 0)
  session.press(.two, 50_000)
  session.release(.one, 100_000)
  session.release(.two, 150_000)
  let lines = steps(session.text(end: 200_000))
  #expect(
    Array(lines.prefix(6)) == [
      "press 1", "wait 50ms", "press 2", "wait 50ms", "release 1", "wait 50ms",
    ])
  #expect(lines[6] == "release 2")
}

@Test("a pause of more than a second with no key down writes the screen then")
func scenarioRecorder_pauseWritesScreen() {
  var session = Session()
  session.press(.two, 100_000)
  #expect(session.recorder.screenDue == nil, "a key is down: no pause")
  session.release(.two, 160_000)
  #expect(session.recorder.screenDue == session.at(1_160_000))
  session.look(row("early", "x"), 1_000_000)  // not due yet: ignored
  session.look(row("A", "Abc"), 1_166_000)
  #expect(session.recorder.screenDue == nil, "once per pause")
  session.look(row("again", "x"), 2_500_000)  // already taken
  session.press(.two, 3_000_000)
  session.release(.two, 3_060_000)
  let lines = steps(session.text(row("B", "Abc"), end: 3_100_000))
  #expect(
    lines == [
      "wait 100ms", "tap 2", "wait 1.01s", "expect screen", "|A               |",
      "|Abc             |", "wait 1.83s", "tap 2", "wait 40ms", "expect screen",
      "|B               |", "|Abc             |",
    ])
}

@Test("the start counts as the end of a pause: the first screen is written a second in")
func scenarioRecorder_firstScreen() {
  var session = Session()
  #expect(session.recorder.screenDue == session.at(1_000_000))
  session.look(idle, 1_200_000)
  let lines = steps(session.text(end: 1_300_000))
  #expect(lines == ["wait 1.2s", "expect screen", "|\(idle[0])|", "|\(idle[1])|"])
}

@Test("a pause inside an editor also writes its text")
func scenarioRecorder_editorText() throws {
  var session = Session()
  session.press(.four, 0)
  session.release(.four, 60_000)
  session.look(["H               ", "Abc          458"], text: "H \"quoted\"", 1_060_000)
  let text = session.text(
    ["H               ", "Abc          458"], text: "H \"quoted\"", end: 1_500_000)
  #expect(steps(text).suffix(2) == ["|Abc          458|", "expect text \"H \\\"quoted\\\"\""])
  let scenario = try ScenarioParser.parse(text, file: "rec.scenario")
  let last = try #require(scenario.steps.last)
  guard case .expect(.text(let written)) = last.action else {
    Issue.record("the last step is not 'expect text'")
    return
  }
  #expect(written == "H \"quoted\"")
}

@Test("the end writes the final screen, unless nothing changed since the last one")
func scenarioRecorder_finalExpectation() {
  var session = Session()
  session.look(idle, 1_000_000)
  #expect(steps(session.text(idle, end: 4_000_000)).count == 4, "the same screen: not again")
  let changed = steps(session.text(["t9phone    00:01", idle[1]], end: 61_000_000))
  #expect(
    changed == [
      "wait 1s", "expect screen", "|\(idle[0])|", "|\(idle[1])|", "wait 60s", "expect screen",
      "|t9phone    00:01|", "|\(idle[1])|",
    ])
}

@Test("the header holds the session's settings and parses back to them")
func scenarioRecorder_header() throws {
  let geometry = try #require(LCDGeometry(name: "20x4"))
  var header = Scenario(file: "rec.scenario")
  header.geometry = geometry
  header.rom = .a02
  header.settings.language = .indonesian
  header.settings.gestures.longPress = .milliseconds(500)
  header.settings.clockAtStart = 9 * 60 + 41
  header.contactsFile = "rec.vcf"
  header.contactsCapacity = 200
  let recorder = ScenarioRecorder(
    header: header, origin: .zero, tapHold: .milliseconds(60), comments: ["a note"])
  let rows = Array(repeating: String(repeating: " ", count: 20), count: 4)
  let text = recorder.text(endingWith: rows, text: nil, at: Instant(microseconds: 10_000))
  #expect(text.hasPrefix("# Recorded by"))
  #expect(text.contains("\n# a note\n"))
  let parsed = try ScenarioParser.parse(text, file: "rec.scenario")
  #expect(parsed.geometry == geometry)
  #expect(parsed.rom == .a02)
  #expect(parsed.settings.language == .indonesian)
  #expect(parsed.settings.gestures.longPress == .milliseconds(500))
  #expect(parsed.settings.clockAtStart == 9 * 60 + 41)
  #expect(parsed.contactsFile == "rec.vcf")
  #expect(parsed.contactsCapacity == 200)
  #expect(parsed.tapHold == .milliseconds(60))
  #expect(parsed.tapGap == .zero)
}

@Test("what the network did is written as network lines at its time, and the screen after it")
func scenarioRecorder_network() throws {
  var header = Scenario(file: "rec.scenario")
  header.usesDictionary = false
  header.hasModem = true
  let origin = Instant(microseconds: 5_000_000)
  var recorder = ScenarioRecorder(header: header, origin: origin, tapHold: .milliseconds(60))
  let pdu: [UInt8] = [0x00, 0x04, 0x01]
  recorder.record(
    network: RecordedNetworkEvent(.pdu, pdu: pdu, at: origin + .milliseconds(500)),
    at: origin + .milliseconds(500))
  recorder.record(
    network: RecordedNetworkEvent(.refusesSends, at: origin + .milliseconds(700)),
    at: origin + .milliseconds(700))
  #expect(recorder.screenDue == origin + .milliseconds(1700), "the screen a pause later")
  let shown = row("1 new message", "")
  recorder.observe(rows: shown, text: nil, at: origin + .milliseconds(1700))
  let text = recorder.text(endingWith: shown, text: nil, at: origin + .seconds(2))
  #expect(text.contains("\nmodem sim\n"))
  let lines = steps(text)
  #expect(
    Array(lines.prefix(5)) == [
      "wait 500ms", "network pdu 000401", "wait 200ms", "network refuse-sends", "wait 1s",
    ])
}

@Test("a USSD reply, stamped with its request's past time, goes before the key that sent it")
func scenarioRecorder_ussdRuleBeforeItsRequest() throws {
  var session = Session()
  session.press(.call, 1_000_000)
  session.release(.call, 1_060_000)
  session.press(.one, 1_400_000)
  // The reply came 500 ms after the request the release of `call` sent.
  let bytes = Array("*123#".utf8) + [0] + Array("Saldo 5".utf8)
  session.recorder.record(
    network: RecordedNetworkEvent(.ussdEnd, pdu: bytes, at: session.at(1_060_000)),
    at: session.at(1_060_000))
  session.release(.one, 1_460_000)
  let lines = steps(session.text(end: 3_000_000))
  let rule = try #require(lines.firstIndex(of: "network ussd \"*123#\" \"Saldo 5\" end"))
  let release = try #require(lines.firstIndex(of: "release call"))
  #expect(rule < release)
  #expect(lines.firstIndex(of: "tap 1") ?? 0 > release)
}
