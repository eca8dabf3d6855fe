import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import Host
import KeypadInput
import Runtime
import ScenarioText
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
/// the store that writes changes back. The phone runs in a `PhoneRuntime`
/// (under its supervisor: watchdog, flight recorder) on the monotonic
/// clock; every frame goes to the peripherals the runner sets up.
struct PhoneSession {
  /// The phone, its peripherals and its store.
  var runtime: PhoneRuntime<RunPeripherals, FileStore>
  /// The LCD.
  let geometry: LCDGeometry
  /// The character ROM.
  let rom: CharacterROM
  /// The log.
  let log: Log

  /// Loads everything the options name; `start` says how the phone starts
  /// (`t9phone run`: its screen, clock, settings); `adjust` may change the
  /// settings (a keymap's hold policies).
  init(
    options: SimulatorOptions, clock: MonotonicClock, start: StartOptions? = nil,
    adjust: (inout PhoneSettings) -> Void = { _ in }
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
      settings.epochAtStart = UTCTime.scenarioDay + Int64(minutes) * 60
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
    let supervisor = Supervisor(
      PhoneHarness(phone, rom: rom, recordsFrames: true), start: screen, settings: supervision,
      log: log, logRing: ring)
    // What a report's replay needs that the phone does not know.
    var header = ReportHeader()
    header.geometry = geometry
    header.rom = rom
    runtime = PhoneRuntime(
      supervisor: supervisor,
      peripherals: RunPeripherals(
        output: DisplayOutput(.none, geometry: geometry, log: log),
        book: BookKeeper(store: store, log: log)),
      store: FileStore(
        state: state, metricsFile: options.metricsFile, reports: options.reportFolder(log: log),
        log: log),
      header: header)
  }

  /// The phone.
  var phone: Phone { runtime.phone }

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
}
