import CharacterLCD
import ContactBook
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import Scenario
import StateStorage
import Supervision
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A phone with everything it keeps on disk, as the simulator and a device
/// run set it up: dictionaries with what T9 learned, the contact book (a
/// new one starts with the example contacts), the field statistics, and
/// the savers that write changes back. The phone runs under its supervisor
/// (watchdog, flight recorder) on the monotonic clock; every frame goes to
/// the peripherals the run loop sets up, on the display `Screen`.
struct PhoneSession<Screen: Display> {
  /// The firmware under supervision.
  var supervisor: Supervisor
  /// The display, keypad and book around it.
  var peripherals: RunPeripherals<Screen>
  /// The LCD.
  let geometry: LCDGeometry
  /// The character ROM.
  let rom: CharacterROM
  /// The log.
  let log: Log
  private var saver: LearningSaver
  private var statistics: StatisticsStore<LinuxFileSystem>
  private let reports: ReportFolder
  /// What a flight report's replay needs that the phone does not know:
  /// the LCD, the ROM, the driver (a run on LCDd replays on the LCDd
  /// client).
  var reportHeader: Scenario
  /// Whether the phone's state is printed whenever it changes
  /// (`t9phone run --report-state`).
  var reportsState = false
  private var reportedState: [String] = []
  private let started: Instant

  /// Loads everything the options name; `start` says how the phone starts
  /// (`t9phone run`: its screen, clock, settings); `adjust` may change the
  /// settings (a keymap's hold policies); `display` makes the phone's
  /// screen for its LCD and log.
  init(
    options: SimulatorOptions, clock: MonotonicClock, start: StartOptions? = nil,
    display: (LCDGeometry, Log) -> Screen, adjust: (inout PhoneSettings) -> Void = { _ in }
  ) throws {
    var settings = try options.settings()
    settings.clockAtStart = MonotonicClock.localMinuteOfDay()
    try start?.apply(to: &settings)
    adjust(&settings)
    geometry = try options.geometry()
    rom = try options.characterROM()
    let output = try LogOutput.bootstrap(
      level: try options.logging.level(), file: options.logging.logFile)
    // The flight recorder keeps the recent records, whatever the level.
    let ring = LogRing(capacity: 32)
    let log = Log(minimumLevel: min(output.minimumLevel, .info)) { record in
      ring.append(record)
      output(record.level, record.tag, record.message)
    }
    self.log = log
    let state = StateDirectory(option: options.state)
    var predictors: [Language: Predictor] = [:]
    var learning: [Language: UserDictionary] = [:]
    for (language, dictionary) in DictionaryFiles.loadAll(
      folder: options.dictionaries.folder, log: log)
    {
      predictors[language] = Predictor(dictionary: dictionary)
      learning[language] = state.loadLearned(language, log: log)
    }
    var store = try ContactsStore(
      path: options.book ?? state.path + "/contacts.book", capacity: start?.contactsCapacity,
      log: log,
      on: LinuxFileSystem())
    if store.created, FileIO.exists(options.contactsFixture) {
      // A new book starts with the example contacts.
      for contact in try VCardFiles.read(options.contactsFixture).contacts {
        _ = try? store.add(contact)
      }
    }
    if let minutes = start?.clockMinutes {
      // A given clock is on the day scenarios happen.
      settings.epochAtStart = ScenarioRunner.epoch + Int64(minutes) * 60
    } else {
      settings.epochAtStart = Int64(time(nil))
    }
    settings.epochAtStart -= clock.now.microseconds / 1_000_000
    let screen = start?.start ?? .idle
    let phone = Phone(
      settings: settings, geometry: geometry, log: log, predictors: predictors,
      learning: learning, contacts: store.book, bookFile: store.file, start: screen,
      at: clock.now)
    var supervision = SupervisorSettings()
    supervision.recorderEdges = options.recorderEdges
    supervisor = Supervisor(
      PhoneHarness(phone, rom: rom, recordsFrames: true), start: screen, settings: supervision,
      log: log, logRing: ring)
    peripherals = RunPeripherals(
      display: display(geometry, log),
      book: BookKeeper(store: store, log: log))
    saver = LearningSaver(state: state, learning: learning, log: log)
    statistics = StatisticsStore(
      folder: state.path, metricsFile: options.metricsFile, log: log, on: LinuxFileSystem())
    reports = options.reportFolder(log: log)
    // What a report's replay needs that the phone does not know.
    var header = Scenario(file: "report")
    header.geometry = geometry
    header.rom = rom
    reportHeader = header
    started = clock.now
    ReportSignal.install()
  }

  /// The phone.
  var phone: Phone { supervisor.phone }

  /// A key edge from the keypad, stamped on the input clock, read at
  /// `arrival`.
  mutating func handle(_ event: KeyEvent, arrivedAt arrival: Instant) {
    supervisor.handle(event, arrivedAt: arrival, &peripherals)
    keep()
  }

  /// The keypad went away or came back.
  mutating func keypad(connected: Bool) {
    supervisor.keypad(connected: connected, &peripherals)
  }

  /// Brings the phone, the watchdog and the peripherals to `now`, and
  /// writes what changed: contacts at once, statistics and what T9 learned
  /// now and then.
  mutating func advance(to now: Instant) {
    supervisor.advance(to: now, &peripherals)
    keep()
    statistics.update(counters(at: now), at: now)
    saver.save(supervisor.phone.learning, force: false)
    if reportsState { reportState(at: now) }
  }

  /// Prints the phone's state when it changed since it was last printed:
  /// `state <ms>`, the `StateLines`, `end` — after the frame that shows it,
  /// for a harness reading standard output (the hardware suite).
  private mutating func reportState(at now: Instant) {
    guard let frame = peripherals.lastFrame else { return }
    let lines = StateLines.lines(of: supervisor.phone, frame: frame)
    guard lines != reportedState else { return }
    reportedState = lines
    Console.out(
      "state \(now.microseconds / 1000)\n" + lines.joined(separator: "\n") + "\nend\n")
  }

  private mutating func keep() {
    let writes = supervisor.takeBookWrites()
    if !writes.isEmpty { peripherals.book.write(writes) }
    if ReportSignal.take() { supervisor.requestReport("asked for (SIGUSR1)") }
    for report in supervisor.takeReports() {
      // Written in the background: the key press never waits for the disk.
      let name = FlightReportWriter.fileName(report)
      guard let book = report.contacts, book.count > 0 else {
        reports.write(FlightReportWriter.text(report, header: reportHeader), name: name)
        continue
      }
      // The book the replay starts from goes beside the report (written
      // out on the reports' queue too).
      let header = reportHeader
      let capacity = book.capacity
      reports.write(
        name: name,
        contacts: { VCardWriter.write(book.alphabetical.compactMap { book.contact(at: $0) }) }
      ) { file in
        var header = header
        header.contactsFile = file
        header.contactsCapacity = capacity
        return FlightReportWriter.text(report, header: header)
      }
    }
  }

  /// When the loop must wake without input: the phone's timers, the
  /// watchdog, the displays' retries, the statistics' next save.
  var nextDeadline: Instant? {
    [supervisor.nextDeadline, peripherals.nextDeadline, statistics.nextDeadline]
      .compactMap { $0 }.min()
  }

  /// Releases the executable's start-up pages (`StartupPages`) once the
  /// phone is up, and says how much.
  func releaseStartupPages() {
    switch StartupPages.release() {
    case .success(let bytes):
      log(.debug, LogTag("memory", "startup"), "released \(bytes / 1024) kB of start-up pages")
    case .failure(let error):
      log(.warning, LogTag("memory", "startup"), "start-up pages kept: \(error)")
    }
  }

  /// Whether the firmware is healthy for systemd's watchdog: its own
  /// watchdog looked within the last three intervals.
  func isHealthy(at now: Instant) -> Bool {
    let interval = supervisor.watchdog.interval
    let last = supervisor.watchdog.lastCheck ?? started
    return now - last <= interval * 3
  }

  /// This run's counters: the supervisor's, and what only the loop sees.
  private func counters(at now: Instant) -> FieldStatistics {
    var counters = supervisor.statistics
    let display = peripherals.displayFigures
    counters.displayBusErrors = UInt64(max(0, display.errors))
    counters.displayRecoveries = UInt64(max(0, display.recoveries))
    counters.keypadResyncs = UInt64(max(0, peripherals.resyncs))
    counters.eventsDropped &+= UInt64(max(0, peripherals.droppedKeys))
    counters.uptimeSeconds = UInt64(max(0, (now - started).wholeMicroseconds / 1_000_000))
    counters.starts = 1
    counters.reportsWritten = UInt64(max(0, reports.reportsWritten))
    return counters
  }

  /// Saves what T9 learned and the statistics (at exit).
  mutating func saveAll(at now: Instant) {
    keep()
    reports.waitUntilWritten()
    saver.save(supervisor.phone.learning, force: true)
    statistics.update(counters(at: now), at: now)
    statistics.flush()
  }
}
