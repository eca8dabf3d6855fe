import ArgumentParser
import Board
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

  /// These options as `run`'s, which they share.
  var runOptions: RunOptions {
    var options = RunOptions()
    let values: [(String, String?)] = [
      ("lcd", lcd), ("rom", rom), ("language", language), ("multitap-timeout", multitapTimeout),
      ("long-press", longPress), ("debounce", debounce), ("repeat-interval", repeatInterval),
      ("input-mode", inputMode), ("state", state), ("reports", reports),
      ("keep-reports", String(keepReports)), ("recorder-edges", String(recorderEdges)),
      ("dictionaries", dictionaries.folder), ("book", book),
      ("contacts-fixture", contactsFixture), ("metrics-file", metricsFile), ("modem", modem),
      ("country", country.map { String($0) }), ("emergency", emergency),
      ("messages-capacity", messagesCapacity.map { String($0) }),
      ("log-level", logging.logLevel), ("log-file", logging.logFile),
    ]
    for (name, value) in values { options.set(name, value) }
    return options
  }

  /// What a session of these options loads and how it starts (the
  /// simulated network unless `--modem` says otherwise).
  func session() throws -> SessionSettings {
    try runOptions.session(clockMinutes: MonotonicClock.localMinuteOfDay(), simulator: true)
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
}
