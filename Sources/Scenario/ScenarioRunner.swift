import CharacterLCD
import ContactBook
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import MessageStore
import ModemDriver
import Runtime
import ScenarioText
import SimulatedPeers
import Supervision
import SystemLayer
import T9Engine
import TextEntry
import TextFolding

/// Runs a scenario against the firmware on a virtual clock: no sleeping, so
/// thousands of key events replay in milliseconds and every run is identical.
///
/// Every frame the firmware draws also goes, in time order, through the
/// scenario's display driver into a simulated peer (`SimulatedPeers`):
/// `expect glass` checks what that peer shows, and every expectation first
/// checks that the glass shows the firmware's frame. The firmware runs
/// under its supervisor, as on a board: the watchdog looks once a second of
/// virtual time, and the flight recorder keeps the inputs. A scenario that
/// injects no fault and expects no repair fails if the watchdog repairs
/// anything.
public enum ScenarioRunner {
  /// Runs a scenario and returns its result: over `dictionaries` (T9 for
  /// those languages, each with an empty learning store); `recordFrames`
  /// keeps every frame for `t9phone replay`, `log` also receives the
  /// firmware's records. The one place the header's display is chosen: the
  /// run is specialised for that display's real driver on its simulated
  /// peer.
  public static func run(
    _ scenario: Scenario, dictionaries: [Language: T9Dictionary] = [:],
    contacts: ContactBook? = nil, recordFrames: Bool = false, log: Log? = nil
  ) -> ScenarioResult {
    switch scenario.display {
    case .lcdproc:
      var run = ScenarioRun(
        scenario, dictionaries: dictionaries, contacts: contacts, recordFrames: recordFrames,
        log: log
      ) { log in
        SimulatedLCDdDisplay(geometry: scenario.geometry, log: log)
      }
      return run.run()
    case .i2c, .terminal, .text, .none:
      // The header cannot name a terminal or text display: their glass is
      // the usual backpack's.
      var run = ScenarioRun(
        scenario, dictionaries: dictionaries, contacts: contacts, recordFrames: recordFrames,
        log: log
      ) { log in
        SimulatedModule(log: log, for: scenario)
      }
      return run.run()
    }
  }
}

extension SimulatedModule {
  /// The module a scenario's glass is: its geometry and ROM, on the
  /// backpack its `display i2c wiring=…` names (the usual one otherwise).
  init(log: Log, for scenario: Scenario) {
    var wiring = PCF8574Wiring.backpack
    if case .i2c(let settings) = scenario.display { wiring = settings.wiring }
    self.init(geometry: scenario.geometry, rom: scenario.rom, wiring: wiring, log: log)
  }
}

/// One run of a scenario on a board whose display is `Glass`, a real
/// driver on a simulated peer.
struct ScenarioRun<Glass: SimulatedDisplay>: ~Copyable {
  private var scenario: Scenario
  private var board: ScenarioBoard<Glass>
  private var result: ScenarioResult
  private var faults = 0
  private let repairsExpected: Bool
  private let logBook: LogBook
  private let firmwareLog: Log
  private let predictors: [Language: Predictor]

  /// Prepares a run over `dictionaries` (T9 for those languages, each with
  /// an empty learning store); `recordFrames` keeps every frame for
  /// `t9phone replay`, `log` also receives the firmware's records;
  /// `display` makes the glass, logging to the firmware's log.
  init(
    _ scenario: Scenario, dictionaries: [Language: T9Dictionary], contacts: ContactBook?,
    learned: [Language: UserDictionary] = [:], messages: MessageBox? = nil,
    recordFrames: Bool, log: Log?, display: (Log) -> Glass
  ) {
    var scenario = scenario
    if scenario.settings.epochAtStart == 0 {
      // Scenarios happen on 2026-01-01 (UTC), at the clock's time of day.
      scenario.settings.epochAtStart =
        UTCTime.scenarioDay + Int64(scenario.settings.clockAtStart) * 60
    }
    self.scenario = scenario
    let book = LogBook()
    self.logBook = book
    let forward = log
    let checksLog = scenario.steps.contains {
      if case .expect(.logContains) = $0.action { return true }
      return false
    }
    let level = Swift.min(checksLog ? .debug : .warning, log?.minimumLevel ?? .warning)
    let ring = LogRing(capacity: 32)
    let firmwareLog = Log(minimumLevel: level) { record in
      book.append(record)
      ring.append(record)
      if let forward, forward.isEnabled(record.level) {
        forward(record.level, record.tag, record.message)
      }
    }
    var predictors: [Language: Predictor] = [:]
    var learning: [Language: UserDictionary] = [:]
    if scenario.usesDictionary {
      for (language, dictionary) in dictionaries {
        predictors[language] = Predictor(dictionary: dictionary)
        learning[language] = learned[language] ?? UserDictionary(language: language.code)
      }
    }
    self.predictors = predictors
    self.firmwareLog = firmwareLog
    let phone = Phone(
      settings: scenario.settings, geometry: scenario.geometry, log: firmwareLog,
      predictors: predictors, learning: learning, contacts: contacts,
      messages: messages ?? MessageBox(capacity: scenario.messageCapacity), draft: scenario.draft,
      start: scenario.start, at: .zero)
    let supervisor = Supervisor(
      PhoneHarness(phone, rom: scenario.rom, recordsFrames: true), start: scenario.start,
      log: firmwareLog, logRing: ring)
    let display = display(firmwareLog)
    var peripherals = ScenarioPeripherals(display: display, keepsFrames: recordFrames)
    if scenario.hasModem {
      var network = SimulatedNetwork()
      network.epochAtStart = scenario.settings.epochAtStart
      network.simPIN = scenario.simPIN
      peripherals.modem = .some(ATModem(path: "sim", system: network, log: firmwareLog))
    }
    self.board = ScenarioBoard(
      supervisor: supervisor, peripherals: peripherals, header: scenario.reportHeader)
    self.result = ScenarioResult(file: scenario.file)
    self.repairsExpected = Self.mentionsRepairs(scenario.steps)
  }

  /// Runs every step; stops at the first failed expectation.
  mutating func run() -> ScenarioResult {
    if run(scenario.steps) {
      board.settle()
      collectReports()
      if let failure = unexpectedRepair(at: scenario.steps.last?.location) {
        result.failure = failure
      }
    }
    result.endTime = board.runtime.supervisor.now
    result.frames = board.runtime.peripherals.frames
    result.repairs = board.runtime.supervisor.watchdog.repairs
    return result
  }

  /// Runs `steps` from where the run stands, as the page's phone does
  /// with each input: the failed expectation, if one failed (the steps
  /// after it are not run; the run goes on with the next call).
  mutating func perform(_ steps: [ScenarioStep]) -> ScenarioFailure? {
    result.failure = nil
    _ = run(steps)
    collectReports()
    return result.failure
  }

  /// Feeds one stimulus (a key edge, a wait) as a step would, without a
  /// step: what a live session does with each input.
  mutating func apply(_ stimulus: Stimulus) {
    board.apply(stimulus)
  }

  /// Hands over a key edge held for a wait, and runs what is due now.
  mutating func settle() {
    board.settle()
  }

  /// The firmware's time.
  var now: Instant { board.now }

  /// When the runtime next needs the clock, if it does.
  var nextDeadline: Instant? { board.runtime.nextDeadline }

  /// The firmware's frame now.
  var frame: LCDFrame {
    mutating get { board.runtime.supervisor.frame }
  }

  /// The firmware's frame now, as text rows.
  var rows: [String] {
    mutating get { board.runtime.supervisor.rows }
  }

  /// The supervised firmware, for reading what it holds.
  var supervisor: Supervisor {
    _read { yield board.runtime.supervisor }
  }

  /// The message store's file the run keeps (see `keepMessageFile`).
  var messageFile: [UInt8] { board.runtime.peripherals.messageFile }

  /// Keeps the message store's file from now on, starting from `bytes`
  /// (the file the phone's messages were opened from).
  mutating func keepMessageFile(_ bytes: [UInt8]) {
    board.runtime.peripherals.messageFile = bytes
  }

  /// The checks run so far.
  var checks: [ScenarioCheck] { result.checks }

  /// Whether the steps inject a fault or expect repairs: only then may the
  /// watchdog repair anything.
  private static func mentionsRepairs(_ steps: [ScenarioStep]) -> Bool {
    steps.contains { step in
      switch step.action {
      case .fault, .expect(.repairs), .expect(.report): true
      case .repeated(_, let body): mentionsRepairs(body)
      default: false
      }
    }
  }

  /// A repair in a scenario that injected no fault is a false alarm, or a
  /// bug the watchdog caught: either way the scenario fails.
  private func unexpectedRepair(at location: SourceLocation?) -> ScenarioFailure? {
    guard !repairsExpected, board.runtime.supervisor.watchdog.repairs.total > 0,
      let location = location ?? scenario.steps.first?.location
    else { return nil }
    let what = result.reports.last.map { $0.summary } ?? "a repair"
    return ScenarioFailure(
      location: location,
      message: "the watchdog repaired something in a scenario with no fault: \(what)",
      expectedRows: nil, actualRows: [])
  }

  private mutating func collectReports() {
    result.reports += board.runtime.store.takeReports()
  }

  /// Runs steps; false once an expectation failed.
  private mutating func run(_ steps: [ScenarioStep]) -> Bool {
    let tapHold = scenario.tapHold
    let tapGap = scenario.tapGap
    for step in steps {
      let isStimulus = Scenario.forEachStimulus(of: step.action, tapHold: tapHold, tapGap: tapGap) {
        stimulus in
        if stimulus.isKeyEdge { result.keyEvents += 1 }
        board.apply(stimulus)
      }
      if isStimulus {
        collectReports()
        continue
      }
      switch step.action {
      case .tap, .press, .release, .hold, .wait, .unplug, .replug:
        continue  // stimuli, fed above
      case .busFault(let errno):
        board.settle()
        board.runtime.peripherals.inject(errno.map { .linkDown($0) } ?? .linkUp)
      case .fault(let fault):
        // The same garbage on every run: the seed is the fault's place.
        faults += 1
        board.inject(
          fault, seed: UInt64(step.location.line) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(faults))
      case .expect(let expectation):
        board.settle()
        collectReports()
        let frame = board.runtime.supervisor.frame
        if let failure = checkGlass(frame, at: step.location)
          ?? check(expectation, frame: frame, at: step.location)
          ?? unexpectedRepair(at: step.location)
        {
          result.failure = failure
          result.checks.append(
            ScenarioCheck(line: step.location.line, time: board.now, passed: false))
          return false
        }
        result.checksPassed += 1
        result.checks.append(ScenarioCheck(line: step.location.line, time: board.now, passed: true))
      case .restart:
        restart()
      case .keyEvents(let events):
        // The recording's clock starts at the runner's time.
        guard let first = events.first else { continue }
        board.runtime.rebaseInput(origin: first.time.microseconds, start: board.now)
        for event in events {
          result.keyEvents += 1
          board.deliver(event)
        }
        collectReports()
      case .recording(let file):
        result.failure = ScenarioFailure(
          location: step.location, message: "recording \(file) was not loaded",
          expectedRows: nil, actualRows: [])
        return false
      case .repeated(let count, let body):
        for _ in 0..<count where !run(body) { return false }
      case .network(let action):
        board.network(action)
      }
    }
    return true
  }

  /// The glass must show what the firmware drew: a driver that drops or
  /// garbles a change fails every scenario, not only those that look.
  private func checkGlass(_ frame: LCDFrame, at location: SourceLocation) -> ScenarioFailure? {
    // While the bus fails the glass keeps what it had: `expect glass` says
    // what that is.
    let display = board.runtime.peripherals.display
    guard !display.health.isFailing else { return nil }
    guard !display.shows(frame) else { return nil }
    var failure = ScenarioFailure(
      location: location,
      message: "the glass does not show the firmware's frame (the display driver lost a change)",
      expectedRows: display.expectedRows(for: frame), actualRows: display.rows)
    failure.frame = frame
    failure.glass = display.glass
    return failure
  }

  /// The phone, lent in place.
  private var phone: Phone {
    _read { yield board.runtime.supervisor.phone }
  }

  /// Powers the phone off and on: the learning stores go through their saved
  /// form, everything else starts afresh.
  private mutating func restart() {
    var reloaded: [Language: UserDictionary] = [:]
    for (language, learned) in phone.learning {
      reloaded[language] = try? UserDictionary(
        bytes: learned.serialized(), budget: learned.budget, language: language.code,
        file: "learned-\(language.code).t9user")
    }
    board.runtime.restart(
      with: Phone(
        settings: scenario.settings, geometry: scenario.geometry, log: firmwareLog,
        predictors: predictors, learning: reloaded, contacts: phone.contacts,
        messages: phone.messages, start: .idle, at: board.runtime.supervisor.now))
  }

  /// Checks `expectation` against the firmware's `frame` (and the glass
  /// for `expect glass`); the glass is read again only for a failure.
  private func check(_ expectation: Expectation, frame: LCDFrame, at location: SourceLocation)
    -> ScenarioFailure?
  {
    let display = board.runtime.peripherals.display
    let rows = TextFrameRenderer.rows(of: frame)
    func fail(
      _ message: String, expected: [String]? = nil, actual: [String]? = nil
    ) -> ScenarioFailure {
      var failure = ScenarioFailure(
        location: location, message: message, expectedRows: expected, actualRows: actual ?? rows)
      failure.frame = frame
      failure.glass = display.glass
      failure.expectation = expectation
      return failure
    }
    func padded(_ text: String) -> String {
      text
        + String(
          repeating: " ", count: Swift.max(0, scenario.geometry.columns - text.unicodeScalars.count)
        )
    }
    switch expectation {
    case .line(let row, let text):
      let want = padded(text)
      guard rows[row - 1] == want else {
        var expected = rows
        expected[row - 1] = want
        return fail("line \(row) is \"\(rows[row - 1])\", expected \"\(want)\"", expected: expected)
      }
    case .lineContains(let row, let text):
      guard TextSearch.occurs(text, in: rows[row - 1]) else {
        return fail("line \(row) \"\(rows[row - 1])\" does not contain \"\(text)\"")
      }
    case .screen(let expected):
      guard rows == expected else {
        let differing = zip(rows, expected).enumerated().filter { $0.element.0 != $0.element.1 }
          .map { String($0.offset + 1) }
        return fail(
          "screen differs on line \(differing.joined(separator: ", "))", expected: expected)
      }
    case .glass(let expected):
      let shown = display.rows
      guard shown == expected else {
        let differing = zip(shown, expected).enumerated().filter { $0.element.0 != $0.element.1 }
          .map { String($0.offset + 1) }
        return fail(
          "glass differs on line \(differing.joined(separator: ", "))", expected: expected,
          actual: shown)
      }
    case .cursor(let row, let column, let style):
      guard let cursor = frame.cursor else {
        return fail("cursor is off, expected at \(row) \(column)")
      }
      guard cursor.row == row - 1, cursor.column == column - 1 else {
        return fail(
          "cursor is at \(cursor.row + 1) \(cursor.column + 1), expected \(row) \(column)")
      }
      if let style, style != frame.cursorStyle {
        return fail("cursor is \(frame.cursorStyle.rawValue), expected \(style.rawValue)")
      }
    case .cursorOff:
      if let cursor = frame.cursor {
        return fail("cursor is at \(cursor.row + 1) \(cursor.column + 1), expected off")
      }
    case .text(let text):
      guard let actual = phone.focusedText else {
        return fail(
          "no text field is focused (screen \(phone.screenName)), expected text \"\(text)\"")
      }
      guard actual == text else {
        return fail("text is \"\(escaped(actual))\", expected \"\(escaped(text))\"")
      }
    case .mode(let mode):
      guard let actual = phone.modeIndicator else {
        return fail(
          "no text field is focused (screen \(phone.screenName)), expected mode \"\(mode)\"")
      }
      guard actual == mode else { return fail("mode is \"\(actual)\", expected \"\(mode)\"") }
    case .screenName(let name):
      guard phone.screenName == name else {
        return fail("screen is \(phone.screenName), expected \(name)")
      }
    case .backlight(let on):
      guard frame.backlight == on else {
        return fail("backlight is \(frame.backlight ? "on" : "off"), expected \(on ? "on" : "off")")
      }
    case .logContains(let text):
      guard logBook.records.contains(where: { TextSearch.occurs(text, in: $0.line) }) else {
        return fail("no log record contains \"\(text)\"")
      }
    case .repairs(let expected):
      let repairs = board.runtime.supervisor.watchdog.repairs
      guard repairs.total == expected else {
        let kinds = RepairKind.allCases.filter { repairs[$0] > 0 }
          .map { "\($0.rawValue) \(repairs[$0])" }.joined(separator: ", ")
        return fail(
          "the watchdog made \(repairs.total) repairs\(kinds.isEmpty ? "" : " (\(kinds))"), expected \(expected)"
        )
      }
    case .report:
      guard let report = result.reports.last else {
        return fail("no flight report was written")
      }
      if let problem = Self.reportProblem(report, header: scenario) {
        return fail("the flight report does not parse: \(problem)")
      }
    case .screenContains(let text):
      guard rows.contains(where: { TextSearch.occurs(text, in: $0) }) else {
        return fail("no row of the screen contains \"\(text)\"")
      }
    case .sent(let number, let text):
      let sent = board.runtime.peripherals.network?.sent ?? []
      guard sent.contains(where: { $0.to == number && $0.text == text }) else {
        let list = sent.map { "\($0.to) \"\(escaped($0.text))\"" }.joined(separator: "; ")
        return fail(
          "the network received no message to \(number) reading \"\(escaped(text))\" (it received: \(list.isEmpty ? "nothing" : list))"
        )
      }
    case .inbox(let expected):
      guard phone.messages.inboxCount == expected else {
        return fail("the inbox holds \(phone.messages.inboxCount) messages, expected \(expected)")
      }
    case .unread(let expected):
      guard phone.messages.unreadCount == expected else {
        return fail("\(phone.messages.unreadCount) messages are unread, expected \(expected)")
      }
    case .dialed(let number):
      let dialled = board.runtime.peripherals.network?.dialled ?? []
      guard dialled.contains(number) else {
        return fail(
          "the network heard no call to \(number) (it heard: \(dialled.isEmpty ? "none" : dialled.joined(separator: ", ")))"
        )
      }
    case .call(let expected):
      guard phone.callState == expected else {
        return fail("the call is \(phone.callState.name), expected \(expected.name)")
      }
    case .dtmf(let expected):
      let heard = board.runtime.peripherals.network?.tonesHeard ?? ""
      guard heard == expected else {
        return fail("the network heard the tones \"\(heard)\", expected \"\(expected)\"")
      }
    case .missed(let expected):
      guard phone.missedCalls == expected else {
        return fail("\(phone.missedCalls) calls are missed, expected \(expected)")
      }
    }
    return nil
  }

  /// Why `report`, written as a scenario, does not parse; nil when it does.
  static func reportProblem(_ report: FlightReport, header: Scenario) -> String? {
    let text = FlightReportWriter.text(report, header: header)
    do {
      _ = try ScenarioParser.parse(text, file: FlightReportWriter.fileName(report))
      return nil
    } catch {
      return error.description
    }
  }

  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\n": result += "\\n"
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.append(character)
      }
    }
    return result
  }
}
