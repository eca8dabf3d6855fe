import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import FirmwareTestSupport
import KeypadInput
import Scenario
import ScenarioText
import Supervision
import Testing
import TextEntry

import enum Scenario.Expectation

private func report(
  trigger: RepairKind? = .lcd, settings: PhoneSettings = PhoneSettings(),
  start: StartScreen = .idle, draft: String? = nil, startTime: Int64 = 0,
  lead: Duration = .zero, edges: [RecordedEdge] = [], time: Int64,
  rows: [String] = ["t9phone    00:00", "Menu       Names"], focusedText: String? = nil,
  screenName: String = "idle", log: [LogRecord] = [], dropped: Int = 0, epoch: Int64 = 0
) -> FlightReport {
  FlightReport(
    trigger: trigger, summary: "the glass did not show the frame",
    time: Instant(microseconds: time),
    epochSeconds: epoch, settings: settings, start: start, draft: draft,
    startTime: Instant(microseconds: startTime), lead: lead, droppedEdges: dropped, edges: edges,
    rows: rows, focusedText: focusedText, screenName: screenName, log: log)
}

private func parse(_ text: String) throws(ScenarioError) -> Scenario {
  try ScenarioParser.parse(text, file: "report.scenario")
}

private func stimuli(_ scenario: Scenario) -> [Stimulus] {
  scenario.steps.flatMap { scenario.stimuli(of: $0.action) ?? [] }
}

private func expectations(_ scenario: Scenario) -> [Expectation] {
  scenario.steps.compactMap {
    if case .expect(let expectation) = $0.action { return expectation }
    return nil
  }
}

private func edge(_ kind: RecordedEdge.Kind, _ key: Key = .zero, _ microseconds: Int64)
  -> RecordedEdge
{
  RecordedEdge(kind, key, at: Instant(microseconds: microseconds))
}

// MARK: - Settings

@Test(
  "the setting lines parse back to the same settings, for every input mode",
  arguments: ["T9Abc", "T9abc", "T9ABC", "Abc", "abc", "ABC", "123"])
func flightReportWriter_settingsRoundTrip(indicator: String) throws {
  let choice = try #require(InputModeChoice(indicator: indicator))
  var settings = PhoneSettings()
  settings.language = .indonesian
  settings.clockAtStart = 23 * 60 + 7
  settings.defaultMode = choice.mode
  settings.defaultCase = choice.letterCase
  settings.multitapTimeout = .microseconds(1_234_567)
  settings.gestures.longPress = .milliseconds(650)
  settings.gestures.debounce = .microseconds(12_345)
  settings.gestures.repeatInterval = .milliseconds(100)
  settings.gestures.stuckAfter = .seconds(45)
  settings.noticeDuration = .milliseconds(2500)
  settings.backlightTimeout = .seconds(90)
  let parsed = try parse(FlightReportWriter.settingLines(settings).joined(separator: "\n")).settings
  #expect(parsed.language == .indonesian)
  #expect(parsed.clockAtStart == 23 * 60 + 7)
  #expect(parsed.defaultMode == choice.mode)
  #expect(parsed.defaultCase == choice.letterCase)
  #expect(parsed.multitapTimeout == .microseconds(1_234_567))
  #expect(parsed.gestures.longPress == .milliseconds(650))
  #expect(parsed.gestures.debounce == .microseconds(12_345))
  #expect(parsed.gestures.repeatInterval == .milliseconds(100))
  #expect(parsed.gestures.stuckAfter == .seconds(45))
  #expect(parsed.noticeDuration == .milliseconds(2500))
  #expect(parsed.backlightTimeout == .seconds(90))
}

@Test("the default settings are written as the parser's defaults")
func flightReportWriter_defaultSettings() throws {
  let lines = FlightReportWriter.settingLines(PhoneSettings())
  #expect(lines.contains("set input-mode T9Abc"))
  #expect(lines.contains("set multitap-timeout 1s"))
  #expect(lines.contains("set debounce 20ms"))
  #expect(lines.contains("set notice-time 1.5s"))
  #expect(lines.contains("clock 00:00"))
  #expect(lines.contains("language en"))
}

@Test(
  "a report names its I2C wiring and, when it is not the wiring's own, the backlight's polarity; the header parses back to the same wiring"
)
func flightReportWriter_i2cWiringRoundTrips() throws {
  let wirings: [(PCF8574Wiring, String)] = [
    (.backpack, "display i2c wiring=backpack"),
    (.lcdproc, "display i2c wiring=lcdproc"),
    (.backpack.withBacklight(activeHigh: false), "display i2c wiring=backpack backlight=low"),
    (.lcdproc.withBacklight(activeHigh: true), "display i2c wiring=lcdproc backlight=high"),
  ]
  for (wiring, line) in wirings {
    var header = Scenario(file: "header")
    header.display = .i2c(.simulated(wiring: wiring))
    let text = FlightReportWriter.text(report(time: 1_000_000), header: header)
    #expect(text.split(separator: "\n").contains { $0 == line }, "\(line)")
    #expect(try parse(text).display == header.display, "\(line)")
  }
  let odd = try #require(
    PCF8574Wiring(
      rs: 7, rw: 6, enable: 5, backlight: 4, d4: 0, d5: 1, d6: 2, d7: 3, backlightActiveHigh: true))
  var header = Scenario(file: "header")
  header.display = .i2c(.simulated(wiring: odd))
  let text = FlightReportWriter.text(report(time: 1_000_000), header: header)
  #expect(text.split(separator: "\n").contains { $0.hasPrefix("# display:") })
}

// MARK: - The text

@Test("a report parses back: header, settings, start, draft, edges as steps, expectations")
func flightReportWriter_roundTrip() throws {
  var header = Scenario(file: "header")
  header.geometry = try #require(LCDGeometry(columns: 20, rows: 4))
  header.rom = .a02
  header.display = .lcdprocDefault
  header.usesDictionary = false
  header.contactsFile = "/tmp/my book.vcf"
  header.contactsCapacity = 12
  header.keymap = "pc-keyboard"
  header.steps = [ScenarioStep(.restart, at: SourceLocation(file: "header", line: 1, column: 1))]
  var settings = PhoneSettings()
  settings.clockAtStart = 9 * 60 + 41
  settings.gestures.longPress = .milliseconds(900)
  settings.ownerName = "Ann"
  let rows = [
    "|bars| \"quoted\" #1  ", "back\\slash  tab\there", "                    ",
    "Options   Back     ↲",
  ]
  let flight = report(
    trigger: .editor, settings: settings, start: .compose, draft: "Say \"hi\"\\\nbye\tnow",
    startTime: 5_000_000, lead: .microseconds(1_500_001),
    edges: [
      edge(.press, .hash, 6_500_001), edge(.release, .hash, 6_580_002),
      edge(.press, .softLeft, 6_581_236), edge(.unplug, .zero, 6_600_000),
      edge(.replug, .zero, 6_600_000), edge(.release, .softLeft, 7_600_000),
    ],
    time: 9_000_000, rows: rows, focusedText: "He said \"no\"\\ \n#1", screenName: "compose")
  let text = FlightReportWriter.text(flight, header: header)
  let scenario = try parse(text)
  #expect(scenario.geometry == LCDGeometry(columns: 20, rows: 4))
  #expect(scenario.rom == .a02)
  #expect(scenario.display == .lcdprocDefault)
  #expect(!scenario.usesDictionary)
  #expect(scenario.contactsFile == "/tmp/my book.vcf")
  #expect(scenario.contactsCapacity == 12)
  #expect(scenario.keymap == "pc-keyboard")
  #expect(scenario.settings.clockAtStart == 9 * 60 + 41)
  #expect(scenario.settings.gestures.longPress == .milliseconds(900))
  #expect(scenario.settings.ownerName == "", "the format has no owner name")
  #expect(text.contains("# not replayed (no directive for it): owner name \"Ann\""))
  #expect(scenario.start == .compose)
  #expect(scenario.draft == "Say \"hi\"\\\nbye\tnow")
  #expect(
    stimuli(scenario) == [
      .wait(.microseconds(1_500_001)), .press(.hash), .wait(.microseconds(80_001)),
      .release(.hash), .wait(.microseconds(1234)), .press(.softLeft),
      .wait(.microseconds(18_764)), .unplug, .replug, .wait(.seconds(1)), .release(.softLeft),
      .wait(.milliseconds(1400)),
    ])
  #expect(
    expectations(scenario) == [
      .screenName("compose"), .screen(rows), .text("He said \"no\"\\ \n#1"),
    ])
  #expect(!text.contains("restart"), "only the header's header fields are used")
}

@Test("waits are written in their shortest exact form")
func flightReportWriter_waitForms() {
  let flight = report(
    lead: .seconds(1),
    edges: [edge(.press, .five, 1_080_000), edge(.release, .five, 1_081_234)],
    time: 2_581_234)
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  #expect(text.contains("\nwait 1s\nwait 80ms\npress 5\nwait 1234us\nrelease 5\nwait 1.5s\n"))
}

@Test("the comments say why, when, what was dropped, and the recent log")
func flightReportWriter_comments() throws {
  let flight = report(
    trigger: .stack, time: 61_000_000,
    log: [
      LogRecord(level: .warning, tag: LogTag("ui", "screen"), message: "stack broken\nbadly"),
      LogRecord(level: .info, tag: LogTag("keypad", "device"), message: "keypad connected"),
    ],
    dropped: 7, epoch: 1_795_500_511)
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  let lines = text.split(separator: "\n").map(String.init)
  #expect(lines.first == "# t9phone flight report")
  #expect(lines.contains("# trigger: stack repair"))
  #expect(lines.contains("# summary: the glass did not show the frame"))
  #expect(lines.contains("# made at firmware time 61.000000s, 2026-11-24 06:08:31 UTC"))
  #expect(lines.contains { $0.hasPrefix("# 7 edges were dropped before the start") })
  #expect(lines.contains("#   [ui][screen] warning: stack broken badly"))
  #expect(lines.contains("#   [keypad][device] keypad connected"))
  let onDemand = FlightReportWriter.text(
    report(trigger: nil, time: 0), header: Scenario(file: "h"))
  #expect(onDemand.contains("# trigger: on demand\n"))
  #expect(!onDemand.contains("dropped"))
  _ = try parse(text)
}

@Test("a row the format cannot write is checked by its writable part, with a comment")
func flightReportWriter_unwritableRow() throws {
  let flight = report(time: 0, rows: ["ab\rcdefgh       ", "Menu       Names"])
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  let scenario = try parse(text)
  #expect(
    expectations(scenario) == [
      .screenName("idle"), .lineContains(1, "cdefgh       "), .line(2, "Menu       Names"),
    ])
  #expect(text.contains("# row 1 has characters this format cannot write"))
}

@Test("rows that do not fit the header's LCD are not checked, and the text still parses")
func flightReportWriter_rowsOfAnotherLCD() throws {
  let flight = report(time: 0, rows: ["short", "rows", "three"])
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  #expect(expectations(try parse(text)) == [.screenName("idle")])
  #expect(text.contains("do not fit the 16x2 LCD"))
}

@Test("an edge earlier than the one before it is skipped: the firmware refused it")
func flightReportWriter_edgeBackInTime() throws {
  let flight = report(
    edges: [
      edge(.press, .two, 1_000_000), edge(.release, .two, 900_000),
      edge(.release, .two, 1_100_000),
    ], time: 1_200_000)
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  #expect(text.contains("# skipped: release 2 at 0.900000s is older than the time reached"))
  let scenario = try parse(text)
  #expect(
    stimuli(scenario) == [
      .wait(.seconds(1)), .press(.two), .wait(.milliseconds(100)), .release(.two),
      .wait(.milliseconds(100)),
    ])
}

// MARK: - Replaying a real session

/// A session on a phone booted at `startTime` with `settings`, recorded by
/// hand the way the flight recorder does; `session` presses and releases
/// through the given closures.
private func fieldReport(
  settings: PhoneSettings, start: StartScreen, draft: String?, startTime: Int64,
  lead: Duration, end: Duration,
  session: (_ edge: (RecordedEdge.Kind, Key, Duration) -> Void) -> Void
) -> FlightReport {
  let boot = Instant(microseconds: startTime)
  var harness = PhoneHarness(
    Phone(settings: settings, draft: draft, start: start, at: boot), recordsFrames: true)
  harness.advance(to: boot + lead)
  var edges: [RecordedEdge] = []
  session { kind, key, after in
    harness.advance(by: after)
    edges.append(RecordedEdge(kind, key, at: harness.now))
    switch kind {
    case .press: harness.send(.press, key)
    case .release: harness.send(.release, key)
    case .unplug: harness.keypadDisconnected()
    case .replug: harness.keypadConnected()
    }
  }
  harness.advance(by: end)
  // The replay's clock reads at its instant zero what the field's read at
  // the start.
  var replayed = settings
  replayed.clockAtStart = WallClock(minutesAtStart: settings.clockAtStart).minuteOfDay(at: boot)
  return FlightReport(
    trigger: .editor, summary: "composition closed", time: harness.now,
    epochSeconds: 1_767_225_600, settings: replayed, start: start, draft: draft,
    startTime: boot, lead: lead, droppedEdges: 0, edges: edges, rows: harness.rows,
    focusedText: harness.phone.focusedText, screenName: harness.phone.screenName, log: [])
}

@Test("a report of a real compose session replays green, and one microsecond off fails")
func flightReportWriter_replaysComposeSession() throws {
  var settings = PhoneSettings()
  settings.clockAtStart = 9 * 60 + 41
  settings.defaultMode = .multitap
  let flight = fieldReport(
    settings: settings, start: .compose, draft: "Hi", startTime: 120_000_000,
    lead: .microseconds(2_000_321), end: .microseconds(999_999)
  ) { edge in
    edge(.press, .zero, .zero)
    edge(.release, .zero, .microseconds(80_013))
    edge(.press, .four, .microseconds(149_999))
    edge(.release, .four, .microseconds(80_000))
    // The second tap of 4 ends a microsecond before the multi-tap timeout:
    // g becomes h.
    edge(.press, .four, .microseconds(899_999))
    edge(.release, .four, .microseconds(100_000))
    edge(.press, .six, .microseconds(1_200_000))
    edge(.unplug, .zero, .microseconds(300_001))  // 6 is forgotten
    edge(.replug, .zero, .seconds(2))
    edge(.press, .six, .microseconds(5_432))
    edge(.release, .six, .microseconds(700_001))  // a long press: the digit
    edge(.press, .six, .microseconds(100_000))
    edge(.release, .six, .microseconds(90_000))  // pending: the timeout is not over
  }
  #expect(flight.screenName == "compose")
  #expect(flight.focusedText == "Hi h6m")
  let text = FlightReportWriter.text(flight, header: Scenario(file: "h"))
  let scenario = try parse(text)
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(result.failure.map { "\($0.message)" } ?? "")\n\(text)")
  #expect(result.checksPassed == 3)

  // The second tap of 4 ending one microsecond later, at the timeout: the
  // replay types a new letter, and no longer shows what the report says.
  var shifted = flight
  shifted.edges[5].microseconds += 1
  let broken = ScenarioRunner.run(
    try parse(FlightReportWriter.text(shifted, header: Scenario(file: "h"))))
  #expect(broken.failure != nil, "the replay follows the recorded times")
}

@Test("a report of an idle session replays with the clock where it was, across midnight")
func flightReportWriter_replaysIdleClock() throws {
  var settings = PhoneSettings()
  settings.clockAtStart = 23 * 60 + 58
  let flight = fieldReport(
    settings: settings, start: .idle, draft: nil, startTime: 180_000_000, lead: .seconds(30),
    end: .seconds(64)
  ) { edge in
    edge(.press, .ok, .zero)
    edge(.release, .ok, .milliseconds(80))
    edge(.press, .back, .milliseconds(500))
    edge(.release, .back, .milliseconds(80))
  }
  #expect(flight.rows[0].hasSuffix("00:02"), "booted at 23:58, 3 minutes in, 95 s later")
  #expect(flight.settings.clockAtStart == 1)
  let scenario = try parse(FlightReportWriter.text(flight, header: Scenario(file: "h")))
  let result = ScenarioRunner.run(scenario)
  #expect(result.failure == nil, "\(result.failure.map { "\($0.message)" } ?? "")")
  #expect(result.endTime.microseconds == flight.time.microseconds - 180_000_000)
}

// MARK: - File names

@Test(
  "file names are the UTC time and the trigger",
  arguments: [
    (Int64(0), RepairKind?.none, "19700101T000000Z-on-demand.scenario"),
    (1_709_251_199, .lcd, "20240229T235959Z-lcd.scenario"),
    (951_782_400, .keypad, "20000229T000000Z-keypad.scenario"),
    (1_795_500_511, .book, "20261124T060831Z-book.scenario"),
    (-1, .clock, "19691231T235959Z-clock.scenario"),
    (4_107_585_600, .stack, "21000301T120000Z-stack.scenario"),
    (-2_203_973_877, .editor, "19000228T010203Z-editor.scenario"),
  ])
func flightReportWriter_fileNames(epoch: Int64, trigger: RepairKind?, name: String) {
  #expect(FlightReportWriter.fileName(report(trigger: trigger, time: 0, epoch: epoch)) == name)
}

@Test("a leap day's date and the day after it")
func utcTime_leapDay() {
  let leap = UTCTime(epochSeconds: 1_709_251_199)
  #expect((leap.year, leap.month, leap.day) == (2024, 2, 29))
  let after = UTCTime(epochSeconds: 1_709_251_200)
  #expect((after.year, after.month, after.day, after.hour) == (2024, 3, 1, 0))
  #expect(after.readable == "2024-03-01 00:00:00")
}
