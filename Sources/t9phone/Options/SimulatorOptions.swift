import ArgumentParser
import CharacterLCD
import Diagnostics
import Firmware
import Host
import ModemDriver
import Scenario
import ScenarioText
import Supervision
import TextEntry

/// The options of the interactive simulator: display, ROM and settings.
struct SimulatorOptions: ParsableArguments {
  @Option(help: "LCD geometry: 16x1, 16x2, 16x4, 20x2, 20x4 or 40x2.")
  var lcd = "16x2"

  @Option(help: "Character ROM: A00 or A02.")
  var rom = "A00"

  @Option(help: "Typing language: en or id.")
  var language = "en"

  @Option(name: .customLong("multitap-timeout"), help: "Multi-tap commit timeout, e.g. 1000ms.")
  var multitapTimeout = "1000ms"

  @Option(name: .customLong("long-press"), help: "Long-press threshold, e.g. 700ms.")
  var longPress = "700ms"

  @Option(help: "Shorter presses are contact bounce and ignored, e.g. 20ms.")
  var debounce = "20ms"

  @Option(
    name: .customLong("repeat-interval"),
    help: "Hold-repeat interval (the # backspace), e.g. 150ms.")
  var repeatInterval = "150ms"

  @Option(
    name: .customLong("input-mode"),
    help: "Default input mode: T9Abc, T9abc, T9ABC, Abc, abc, ABC or 123 (T9 needs a dictionary).")
  var inputMode = "T9Abc"

  @Option(
    help:
      "The state folder for what T9 learns (default: $XDG_STATE_HOME/t9phone or ~/.local/state/t9phone)."
  )
  var state: String?

  @Option(
    help: ArgumentHelp(
      "The folder flight reports are written to (default: reports in the state folder).",
      valueName: "DIR"))
  var reports: String?

  @Option(
    name: .customLong("keep-reports"),
    help: ArgumentHelp(
      "How many flight reports the reports folder keeps; the oldest are removed.",
      valueName: "N"))
  var keepReports = 50

  @Option(
    name: .customLong("recorder-edges"),
    help: ArgumentHelp(
      "How many key edges the flight recorder keeps (16 bytes each, reserved at start).",
      valueName: "N"))
  var recorderEdges = SupervisorSettings().recorderEdges

  @OptionGroup var dictionaries: DictionaryOptions

  @Option(help: "The contact book (default: contacts.book in the state folder).")
  var book: String?

  @Option(
    name: .customLong("contacts-fixture"),
    help: "vCard file a new contact book starts with.")
  var contactsFixture = "Scenarios/fixtures/contacts.vcf"

  @Option(
    name: .customLong("metrics-file"),
    help: """
      Also write the statistics in the Prometheus text format to this file, every 15 s and at \
      exit, for node_exporter's textfile collector (a FILE.prom in its folder; docs/watchdog.md).
      """)
  var metricsFile: String?

  @Option(
    help: """
      The modem: tty:PATH[@BAUD] (a serial line speaking AT commands, e.g. \
      tty:/dev/ttyUSB2@115200), sim (the simulated network; the default of sim) or \
      none (the default of run: messages wait in the outbox). With sim, a line \
      'FROM TEXT' appended to network-inbox.txt in the state folder arrives as a message.
      """)
  var modem: String?

  @Option(help: "The country calling code that relates 0812… to +62812…, e.g. 62.")
  var country: Int?

  @Option(
    help: """
      Emergency numbers beyond 112 and 911, comma-separated (e.g. 999,000): they are \
      dialled with no SIM, a locked SIM or the PIN screen showing.
      """)
  var emergency: String?

  @Option(
    name: .customLong("messages-capacity"),
    help: "How many message parts a new message store holds (default 200).")
  var messagesCapacity: Int?

  @OptionGroup var logging: LoggingOptions

  /// Refuses a reports folder that keeps nothing.
  func validate() throws {
    guard keepReports >= 1 else {
      throw ValidationError("--keep-reports must be at least 1, not \(keepReports)")
    }
    guard (16...1_000_000).contains(recorderEdges) else {
      throw ValidationError("--recorder-edges must be 16 to 1000000, not \(recorderEdges)")
    }
  }

  /// The folder flight reports go to: `--reports`, else `reports` in the
  /// state folder.
  var reportsPath: String { reports ?? StateDirectory(option: state).path + "/reports" }

  /// What a session of these options loads and how it starts: `start`
  /// for `t9phone run` (its screen, clock, settings), `adjust` for what
  /// else changes the settings (a keymap's hold policies).
  func session(
    start: StartOptions? = nil, modem defaultModem: ModemSpec = .simulated,
    adjust: (inout PhoneSettings) -> Void = { _ in }
  ) throws -> SessionSettings {
    var phone = try settings()
    if let country {
      guard (1...999).contains(country) else {
        throw CLIError("--country: \(country) is not a country calling code (1 to 999)")
      }
      phone.country = country
    }
    if let emergency {
      switch PhoneSettings.emergencyNumbers(from: emergency) {
      case .success(let numbers): phone.emergencyNumbers = numbers
      case .failure(let error): throw CLIError("--emergency: \(error.message)")
      }
    }
    phone.clockAtStart = MonotonicClock.localMinuteOfDay()
    try start?.apply(to: &phone)
    adjust(&phone)
    var session = SessionSettings(
      phone: phone, geometry: try geometry(), rom: try characterROM(), state: state,
      dictionaryFolder: dictionaries.folder, book: book, contactsFixture: contactsFixture,
      recorderEdges: recorderEdges, metricsFile: metricsFile, reportsPath: reportsPath,
      keepReports: keepReports)
    session.contactsCapacity = start?.contactsCapacity
    session.messagesCapacity = messagesCapacity
    if let modem {
      switch ModemSpec.parse(modem) {
      case .success(let spec): session.modem = spec
      case .failure(let error): throw CLIError("--modem: \(error)")
      }
    } else {
      session.modem = defaultModem
    }
    session.start = start?.start ?? .idle
    session.clockMinutes = start?.clockMinutes
    return session
  }

  /// The run's log, through swift-log at `--log-level` (to `--log-file`),
  /// and the ring of recent records the flight recorder keeps whatever the
  /// level.
  func log() throws -> (Log, LogRing) {
    let output = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
    let ring = LogRing(capacity: 32)
    let log = Log(minimumLevel: min(output.minimumLevel, .info)) { record in
      ring.append(record)
      output(record.level, record.tag, record.message)
    }
    return (log, ring)
  }

  /// The firmware settings these options describe.
  func settings() throws -> PhoneSettings {
    var settings = PhoneSettings()
    guard let language = Language(code: language) else {
      throw ValidationError("unknown language '\(language)' (en, id)")
    }
    settings.language = language
    settings.multitapTimeout = try duration(multitapTimeout, "--multitap-timeout")
    settings.gestures.longPress = try duration(longPress, "--long-press")
    settings.gestures.debounce = try duration(debounce, "--debounce")
    settings.gestures.repeatInterval = try duration(repeatInterval, "--repeat-interval")
    guard let choice = InputModeChoice(indicator: inputMode) else {
      throw ValidationError(
        "unknown input mode '\(inputMode)' (T9Abc, T9abc, T9ABC, Abc, abc, ABC, 123)")
    }
    settings.defaultMode = choice.mode
    settings.defaultCase = choice.letterCase
    return settings
  }

  /// The LCD geometry.
  func geometry() throws -> LCDGeometry {
    guard let geometry = LCDGeometry(name: lcd) else {
      throw ValidationError("unsupported LCD '\(lcd)' (16x1, 16x2, 16x4, 20x2, 20x4, 40x2)")
    }
    return geometry
  }

  /// The character ROM.
  func characterROM() throws -> CharacterROM {
    guard let rom = CharacterROM(name: rom) else {
      throw ValidationError("unknown character ROM '\(rom)' (A00, A02)")
    }
    return rom
  }

  private func duration(_ text: String, _ option: String) throws -> Duration {
    guard let value = DurationParser.parse(text) else {
      throw ValidationError("bad duration '\(text)' for \(option) (write 80ms, 1.5s or 2s)")
    }
    return value
  }
}
