import Testing

@testable import EvdevInput

/// What `evemu-record` writes for a USB numpad when KP4 is pressed and released.
private let numpadRecording = """
  # EVEMU 1.3
  # Kernel: 6.1.0-18-amd64
  # Input device name: "SEM USB Keyboard"
  # Input device ID: bus 0x03 vendor 0x1a2c product 0x0e24 version 0x110
  # Supported events:
  #   Event type 0 (EV_SYN)
  #   Event type 1 (EV_KEY)
  #     Event code 75 (KEY_KP4)
  #   Event type 4 (EV_MSC)
  #     Event code 4 (MSC_SCAN)
  #   Event type 17 (EV_LED)
  # Properties:
  N: SEM USB Keyboard
  I: 0003 1a2c 0e24 0110
  P: 00 00 00 00 00 00 00 00
  B: 00 13 00 00 00 00 00 00 00
  B: 01 fe ff ff ff ff ff ff ff
  B: 01 ff ff ef ff df ff ff fe
  B: 04 10 00 00 00 00 00 00 00
  B: 11 07 00 00 00 00 00 00 00
  L: 00 0
  L: 01 0
  L: 02 0
  ################################
  #      Waiting for events      #
  ################################
  E: 0.000001 0004 0004 458844\t# EV_MSC / MSC_SCAN             458844
  E: 0.000001 0001 004b 0001\t# EV_KEY / KEY_KP4              1
  E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
  E: 0.095945 0004 0004 458844\t# EV_MSC / MSC_SCAN             458844
  E: 0.095945 0001 004b 0000\t# EV_KEY / KEY_KP4              0
  E: 0.095945 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +95ms

  """

/// The parse error for `text`, or nil when it parses.
private func parseError(_ text: String) -> EvemuError? {
  do {
    _ = try EvemuRecording.parse(text, file: "keys.evemu")
    return nil
  } catch {
    return error
  }
}

/// A valid header and description, then `lines`.
private func recording(_ lines: String...) -> String {
  (["# EVEMU 1.3", "N: Keypad", "I: 0003 0001 0002 0100"] + lines).joined(separator: "\n")
}

@Test("a numpad recording pressing KP4 gives the device and its six events")
func evemu_numpadRecording() throws {
  let recording = try EvemuRecording.parse(numpadRecording, file: "kp4.evemu")
  #expect(recording.name == "SEM USB Keyboard")
  #expect(recording.busType == 0x03)
  #expect(recording.vendor == 0x1a2c)
  #expect(recording.product == 0x0e24)
  #expect(recording.version == 0x0110)
  #expect(
    recording.descriptionLines == [
      "P: 00 00 00 00 00 00 00 00",
      "B: 00 13 00 00 00 00 00 00 00",
      "B: 01 fe ff ff ff ff ff ff ff",
      "B: 01 ff ff ef ff df ff ff fe",
      "B: 04 10 00 00 00 00 00 00 00",
      "B: 11 07 00 00 00 00 00 00 00",
      "L: 00 0",
      "L: 01 0",
      "L: 02 0",
    ])
  #expect(
    recording.events == [
      InputEvent(seconds: 0, microseconds: 1, type: 4, code: 4, value: 458_844),
      InputEvent(seconds: 0, microseconds: 1, type: InputEvent.key, code: 75, value: 1),
      InputEvent(seconds: 0, microseconds: 1, type: 0, code: InputEvent.report, value: 0),
      InputEvent(seconds: 0, microseconds: 95_945, type: 4, code: 4, value: 458_844),
      InputEvent(seconds: 0, microseconds: 95_945, type: InputEvent.key, code: 75, value: 0),
      InputEvent(seconds: 0, microseconds: 95_945, type: 0, code: InputEvent.report, value: 0),
    ])
}

@Test("a parsed recording written and parsed again is the same recording")
func evemu_roundTrip() throws {
  let recording = try EvemuRecording.parse(numpadRecording, file: "kp4.evemu")
  let written = recording.written()
  #expect(try EvemuRecording.parse(written, file: "again.evemu") == recording)
  #expect(try EvemuRecording.parse(written, file: "again.evemu").written() == written)
}

@Test("written() uses evemu's layout: header, N:, I:, kept lines, then %lu.%06u %04x %04x %d")
func evemu_writtenLayout() {
  let recording = EvemuRecording(
    name: "Keypad",
    busType: 3,
    vendor: 0x1a2c,
    product: 0xe24,
    version: 0x110,
    descriptionLines: ["B: 00 0b 00 00 00 00 00 00 00"],
    events: [
      InputEvent(seconds: 0, microseconds: 1, type: 1, code: 0x4c, value: 1),
      InputEvent(seconds: 12, microseconds: 345_678, type: 2, code: 0x0b, value: -3),
    ])
  #expect(
    recording.written() == """
      # EVEMU 1.3
      N: Keypad
      I: 0003 1a2c 0e24 0110
      B: 00 0b 00 00 00 00 00 00 00
      E: 0.000001 0001 004c 1
      E: 12.345678 0002 000b -3

      """)
}

@Test("a # EVEMU 1.2 header is accepted")
func evemu_version12() throws {
  let recording = try EvemuRecording.parse(
    "# EVEMU 1.2\nN: Old\nI: 0003 0001 0002 0003\nE: 1.000000 0001 004c 1\n", file: "old.evemu")
  #expect(recording.name == "Old")
  #expect(recording.events.count == 1)
  #expect(recording.written().hasPrefix("# EVEMU 1.3\n"))
}

@Test("Windows line ends, trailing blanks and events without N: or I: are read")
func evemu_lenientInput() throws {
  let recording = try EvemuRecording.parse(
    "# EVEMU 1.3\r\n\nE: 0.000000 0001 004c 1  \r\nE: 0.000000 0000 0000 0\r\n", file: "x")
  #expect(recording.name == "")
  #expect(recording.busType == 0)
  #expect(recording.events.count == 2)
  #expect(recording.warnings.isEmpty)
  let described = try EvemuRecording.parse(
    "# EVEMU 1.3\r\nN: Pad\r\nI: 0003 0001 0002 0100\r\nB: 00 0b\r\nE: 0.1 0001 004c 1\r\n",
    file: "x")
  #expect(described.name == "Pad")
  #expect(described.descriptionLines == ["B: 00 0b"], "the CR is not part of the last byte")
  #expect(described.warnings.isEmpty)
}

@Test("a line of 2 characters (a CR LF blank line) ends the replay there, as in evemu-play")
func evemu_shortLineEndsReplay() throws {
  let recording = try EvemuRecording.parse(
    "# EVEMU 1.3\r\nE: 0.000000 0001 004c 1\r\n\r\nE: 0.100000 0001 004c 0\r\n", file: "x")
  #expect(recording.events.count == 1)
  #expect(
    recording.warnings.map(\.message) == [
      "x:3: warning: evemu stops replaying at this line (a blank line of 2 characters or a lone character); the 1 events after it are not replayed"
    ])
  let lone = try EvemuRecording.parse("E: 0.000000 0001 004c 1\nx\nE: 0.1 0001 004c 0\n", file: "y")
  #expect(lone.events.count == 1)
}

@Test("the device name keeps a # and everything after it")
func evemu_nameWithHash() throws {
  let recording = try EvemuRecording.parse("# EVEMU 1.3\nN: Keypad #2\n", file: "x")
  #expect(recording.name == "Keypad #2")
}

/// One malformed input and the error it must give.
struct EvemuErrorCase: Sendable, CustomTestStringConvertible {
  /// The recording.
  var text: String
  /// The whole expected message.
  var message: String
  /// A short label for the test list.
  var testDescription: String

  init(_ label: String, _ text: String, _ message: String) {
    self.text = text
    self.message = message
    self.testDescription = label
  }
}

/// The only lines evemu refuses: an `E:` line its `sscanf` does not match
/// all five fields of (evemu-play stops with "Invalid event format").
private let errorCases: [EvemuErrorCase] = [
  EvemuErrorCase(
    "E: without a value", recording("E: 0.000001 0001 004c"),
    "keys.evemu:4: error: invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched 4 of 5 fields here"
  ),
  EvemuErrorCase(
    "time without a dot", recording("E: 1 0001 004c 1"),
    "keys.evemu:4: error: invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched 1 of 5 fields here"
  ),
  EvemuErrorCase(
    "a code that is not hex", recording("E: 0.000001 0001 KP4 1"),
    "keys.evemu:4: error: invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched 3 of 5 fields here"
  ),
  EvemuErrorCase(
    "a type with an x inside", recording("E: 0.000001 00x1 004c 1"),
    "keys.evemu:4: error: invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched 3 of 5 fields here"
  ),
  EvemuErrorCase(
    "words", recording("# a comment", "E: hello"),
    "keys.evemu:5: error: invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched 0 of 5 fields here"
  ),
]

@Test(
  "an E: line evemu cannot read is refused with its file, line number and reason",
  arguments: errorCases)
func evemu_errors(_ errorCase: EvemuErrorCase) {
  let error = parseError(errorCase.text)
  #expect(error?.message == errorCase.message)
  #expect(error.map(String.init(describing:)) == errorCase.message)
}

@Test(
  "E: fields mean what evemu's sscanf makes of them",
  arguments: [
    ("E: 0.000001 0001 004c 1 2", 0x01, 0x4c, 1, 1),  // text after the value ignored
    ("E: 0.000001 0x1 0x4c 1  # KEY_KP4", 0x01, 0x4c, 1, 1),  // 0x prefixes, a comment
    ("E: 0.000001 1 4c +1", 0x01, 0x4c, 1, 1),  // short hex, a + sign
    ("E: 0.000001 0001 004c 0x1", 0x01, 0x4c, 0, 1),  // %d stops at the x
    ("E: 0.000001 00001 004c 1", 0x00, 0x01, 4, 1),  // %04x takes 4 digits, the rest shifts
    ("E: 0.1000000 0001 004c 0", 0x00, 0x01, 4, 100_000),  // %06u takes 6 digits
    ("E: 0.000001 0001 004c 4294967297", 0x01, 0x4c, 1, 1),  // an int, cut to 32 bits
    ("E:0.000001\t0001\t004c\t-1", 0x01, 0x4c, -1, 1),  // tabs, no space after E:
  ] as [(String, UInt16, UInt16, Int32, Int64)])
func evemu_sscanfFields(
  _ line: String, _ type: UInt16, _ code: UInt16, _ value: Int32, _ time: Int64
) throws {
  let recording = try EvemuRecording.parse(line + "\n", file: "x")
  let event = try #require(recording.events.first)
  #expect(event.type == type)
  #expect(event.code == code)
  #expect(event.value == value)
  #expect(event.timeInMicroseconds == time)
}

@Test("what evemu-play skips is skipped with a warning, and the events are replayed")
func evemu_skippedLines() throws {
  let parsed = try EvemuRecording.parse(
    [
      "# EVEMU 2.0", "N: Keypad", "N: Other", "I: 0003 zz 0002 0100", "X: 1 2", "B: 01 fe 1ff",
      "E: 1.000000 0001 004c 1", "B: 00 0b", "E: 1.000000 0000 0000 0", "E: 0.999999 0001 004c 0",
    ].joined(separator: "\n"), file: "keys.evemu")
  #expect(parsed.name == "Keypad")
  #expect(parsed.busType == 0)
  #expect(parsed.descriptionLines.isEmpty)
  #expect(parsed.events.map(\.timeInMicroseconds) == [1_000_000, 1_000_000, 1_000_000])
  #expect(parsed.events.map(\.value) == [1, 0, 0])
  #expect(
    parsed.warnings.map(\.message) == [
      "keys.evemu:1: warning: evemu format 2.0 is newer than 1.3; read as evemu reads it",
      "keys.evemu:4: warning: I: needs 4 hex numbers (bus vendor product version), found 1: skipped (evemu-play skips it too)",
      "keys.evemu:5: warning: skipped `X:`: not an evemu line (evemu-play skips it too)",
      "keys.evemu:6: warning: B: field `1ff` is not a hex byte: skipped (evemu-play skips it too)",
      "keys.evemu:8: warning: B: line after the events: skipped (the description comes first)",
      "keys.evemu:10: warning: event goes back in time: replayed at once, at 1.000000, as evemu does",
    ])
}

@Test("recording(name:events:) makes times relative to the first event and never backwards")
func evemu_liveRecording() throws {
  let live = EvemuRecording.recording(
    name: "Keypad",
    busType: 3,
    events: [
      InputEvent(seconds: 1_700_000_000, microseconds: 999_990, type: 1, code: 0x4c, value: 1),
      InputEvent(seconds: 1_700_000_001, microseconds: 10, type: 1, code: 0x4c, value: 0),
      InputEvent(seconds: 1_699_999_999, microseconds: 0, type: 0, code: 0, value: 0),
    ])
  #expect(live.descriptionLines.isEmpty)
  #expect(
    live.events.map(\.timeInMicroseconds) == [0, 20, 20])
  #expect(live.events[1] == InputEvent(seconds: 0, microseconds: 20, type: 1, code: 0x4c, value: 0))
  #expect(try EvemuRecording.parse(live.written(), file: "live.evemu") == live)
}

@Test("bitmaskLines writes a type's codes as evemu B: lines, 8 bytes a line")
func evemu_bitmaskLines() {
  let lines = EvemuRecording.bitmaskLines(type: 1, codes: [0, 9, 75, 200], bitCount: 96)
  #expect(
    lines == [
      "B: 01 01 02 00 00 00 00 00 00",
      "B: 01 00 08 00 00",
    ])
  let recording = EvemuRecording(name: "K", descriptionLines: lines)
  #expect(throws: Never.self) { try EvemuRecording.parse(recording.written(), file: "k") }
}

@Test("A:, S: and P: lines are checked and kept without their comments; bad ones skipped")
func evemu_otherDescriptionLines() throws {
  let parsed = try EvemuRecording.parse(
    recording("P: 00 00", "A: 00 0 1919 0 0 0  # ABS_X", "A: 01 -5 5 0 0", "S: 05 1"), file: "x")
  #expect(
    parsed.descriptionLines == ["P: 00 00", "A: 00 0 1919 0 0 0", "A: 01 -5 5 0 0", "S: 05 1"])
  let bad = try EvemuRecording.parse(recording("A: 00 0 1919", "S: 05 on"), file: "keys.evemu")
  #expect(bad.descriptionLines.isEmpty)
  #expect(
    bad.warnings.map(\.reason) == [
      "A: needs an axis in hex and min max fuzz flat [resolution], found 3 fields: skipped (evemu-play skips it too)",
      "S: field `on` is not a decimal integer: skipped (evemu-play skips it too)",
    ])
}

@Test("a file of E: lines alone, without the header, is read as evemu-play reads it")
func evemu_headerless() throws {
  let recording = try EvemuRecording.parse(
    "E: 0.000001 0001 004c 1\nE: 0.000001 0000 0000 0\nE: 0.080000 0001 004c 0\n", file: "x")
  #expect(recording.name == "")
  #expect(recording.events.count == 3)
  #expect(recording.events[2].timeInMicroseconds == 80_000)
  #expect(recording.events[0].code == 0x4c && recording.events[0].value == 1)
  let commented = try EvemuRecording.parse(
    "# recorded on a keypad\nN: Keypad\nE: 2.5 0001 004c 1\n", file: "x")
  #expect(commented.name == "Keypad")
}

@Test("every 1.x header is read: 1.0 and 1.1 of old evemu releases, 1.2, 1.3, later minors")
func evemu_olderHeaders() throws {
  for version in ["1.0", "1.1", "1.2", "1.3", "1.4"] {
    let recording = try EvemuRecording.parse(
      "# EVEMU \(version)\nN: Keypad\nE: 0.000001 0001 004c 1\n", file: "x")
    #expect(recording.events.count == 1, "version \(version)")
  }
}

@Test("microseconds of fewer than 6 digits are read as evemu's %06u reads them; padded values too")
func evemu_shortMicroseconds() throws {
  let recording = try EvemuRecording.parse(
    "E: 1.5 0001 004c 0001\nE: 1.500 0001 004c -001\nE: 1.000500 0001 004c 0\n", file: "x")
  #expect(recording.events.map(\.timeInMicroseconds) == [1_000_005, 1_000_500, 1_000_500])
  #expect(recording.events.map(\.value) == [1, -1, 0])
}
