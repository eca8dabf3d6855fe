import EvdevDevice
import EvdevInput
import Host
import InputTestSupport
import KeypadInput
import Testing
import Vocabulary

private let kp5: UInt16 = 76
private let letterA: UInt16 = 30

private func key(_ code: UInt16, _ value: Int32, at milliseconds: Int32) -> FakeInputSystem.Step {
  .event(
    InputEvent(
      seconds: 1, microseconds: milliseconds * 1000, type: InputEvent.key, code: code,
      value: value))
}

/// A connection to a scripted keypad at event5 with `steps` queued.
private func connection(
  _ steps: [FakeInputSystem.Step]
) throws -> KeypadConnection<FakeInputSystem> {
  let system = FakeInputSystem()
  system.devices["/dev/input/event5"] = .init(
    name: "USB Keypad", keys: [kp5, letterA], queue: steps)
  var connection = KeypadConnection(
    input: "/dev/input/event5", codes: [kp5], grab: false, system: system)
  _ = try connection.open()
  return connection
}

private let keymap = Keymap(name: "five", keys: [kp5: .five])

@Test func theRecorderKeepsEveryEventAndCountsOnlyTheKeymapsPresses() throws {
  var connection = try connection([
    key(kp5, 1, at: 0), key(kp5, 0, at: 80), key(letterA, 1, at: 100), key(letterA, 0, at: 150),
    key(kp5, 1, at: 300), key(kp5, 2, at: 800), key(kp5, 0, at: 900),
  ])
  var recorder = KeypadRecorder<FakeInputSystem>(keymap: keymap)
  let clock = SteppingClock(step: .milliseconds(200))
  var stop = StopAt(clock: clock, until: Instant(microseconds: 10_000_000))
  recorder.record(
    &connection, clock: clock, until: nil, keys: 2,
    signals: &stop)
  // Everything read is kept, the letter and the autorepeat too; only the
  // keymap's key presses (value 1) count towards --keys.
  #expect(recorder.events.map(\.code) == [kp5, kp5, letterA, letterA, kp5, kp5, kp5])
  #expect(recorder.presses == 2)
  #expect(recorder.lostDevice == nil)
  let device = try #require(connection.device)
  let text = recorder.recording(of: device).written()
  #expect(text.contains("N: USB Keypad"))
  #expect(text.split(separator: "\n").filter { $0.hasPrefix("E: ") }.count == 7)
  // The recording reads back as the same events, timed from the first.
  let parsed = try EvemuRecording.parse(text, file: "test")
  #expect(
    parsed.events
      == recorder.events.map {
        InputEvent(
          seconds: $0.seconds - 1, microseconds: $0.microseconds, type: $0.type, code: $0.code,
          value: $0.value)
      })
}

@Test func aKeypadThatGoesAwayEndsTheRecordingWithWhatWasRead() throws {
  var connection = try connection([key(kp5, 1, at: 0), key(kp5, 0, at: 90), .error(19)])
  var recorder = KeypadRecorder<FakeInputSystem>(keymap: keymap)
  let clock = SteppingClock(step: .milliseconds(200))
  var stop = StopAt(clock: clock, until: Instant(microseconds: 10_000_000))
  recorder.record(
    &connection, clock: clock, until: nil, keys: nil,
    signals: &stop)
  #expect(recorder.events.count == 2)
  #expect(recorder.presses == 1)
  #expect(recorder.lostDevice != nil)
  #expect(clock.current < Instant(microseconds: 10_000_000))
}

@Test func theRecordingStopsAtItsTimeLimitWhenNothingComes() throws {
  var connection = try connection([])
  var recorder = KeypadRecorder<FakeInputSystem>(keymap: keymap)
  let clock = SteppingClock(step: .milliseconds(200))
  var stop = StopAt(clock: clock, until: Instant(microseconds: 10_000_000))
  recorder.record(
    &connection, clock: clock, until: Instant(microseconds: 1_000_000), keys: nil,
    signals: &stop)
  #expect(recorder.events.isEmpty)
  #expect(clock.current >= Instant(microseconds: 1_000_000))
  #expect(clock.current < Instant(microseconds: 2_000_000))
}
