import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import ModemDriver
import ScenarioText
import Supervision
import TextEntry

/// The options of `t9phone run`, the firmware's command line: read from
/// the words after the command name by `parse`, each `--name VALUE`,
/// `--name=VALUE` or `--flag`, kept as written until `session` turns them
/// into what a run loads. One parser for the board firmware and the host
/// tool's `run`, so both take exactly the same options.
public struct RunOptions {
  /// `--NAME`'s value as given (flags: `""`), by option name.
  public private(set) var values: [String: String] = [:]

  /// The options `run` takes: name, value name (nil for a flag), help.
  public static let table: [(name: String, value: String?, help: String)] = [
    ("input", "DEVICE", "the keypad: /dev/input/eventN, auto (default) or lcdproc[:HOST[:PORT]]"),
    ("keymap", "NAME", "a keymap in Keymaps/ or a path (default numpad-phone; lcdproc for LCDd)"),
    ("no-grab", nil, "share the keypad with other programs instead of grabbing it"),
    (
      "display", "SPEC",
      "text, terminal, i2c:/dev/i2c-N@0xADDR[,wiring=backpack|lcdproc][,backlight=high|low], lcdproc[:HOST[:PORT]] or none"
    ),
    ("report-state", nil, "print the phone's state whenever it changes (for a test harness)"),
    ("start", "SCREEN", "the screen open at the start, as a scenario's `start`"),
    ("clock", "HH:MM", "the time of day at the start, on 2026-01-01 as in a scenario"),
    ("contacts-capacity", "N", "the capacity of a contact book created now (default 1000)"),
    ("stuck-after", "DURATION", "a key held longer is treated as released, e.g. 30s"),
    ("notice-time", "DURATION", "how long a notice stays, e.g. 1500ms"),
    ("backlight-timeout", "DURATION", "the backlight turns off after this long without a key"),
    ("partial-timeout", "DURATION", "a message missing parts is shown as partial after this long"),
    ("lcd", "GEOMETRY", "16x1, 16x2 (default), 16x4, 20x2, 20x4 or 40x2"),
    ("rom", "ROM", "the character ROM: A00 (default) or A02"),
    ("language", "CODE", "the typing language: en (default) or id"),
    ("multitap-timeout", "DURATION", "multi-tap commit timeout (default 1000ms)"),
    ("long-press", "DURATION", "long-press threshold (default 700ms)"),
    ("debounce", "DURATION", "shorter presses are contact bounce (default 20ms)"),
    ("repeat-interval", "DURATION", "hold-repeat interval (default 150ms)"),
    ("input-mode", "MODE", "T9Abc (default), T9abc, T9ABC, Abc, abc, ABC or 123"),
    (
      "state", "DIR", "the state folder (default $XDG_STATE_HOME/t9phone or ~/.local/state/t9phone)"
    ),
    ("reports", "DIR", "where flight reports go (default: reports in the state folder)"),
    ("keep-reports", "N", "how many flight reports are kept (default 50)"),
    ("recorder-edges", "N", "key edges the flight recorder keeps (default 2048)"),
    ("dictionaries", "DIR", "the folder of <language>.t9dict and .t9pairs (default Dictionaries)"),
    ("book", "FILE", "the contact book (default contacts.book in the state folder)"),
    ("contacts-fixture", "FILE", "the vCard file a new contact book starts with"),
    ("metrics-file", "FILE", "also write the statistics in the Prometheus text format here"),
    ("modem", "SPEC", "tty:PATH[@BAUD] (a modem speaking AT commands) or none (default)"),
    ("country", "CODE", "the country calling code that relates 0812… to +62812…, e.g. 62"),
    ("emergency", "LIST", "emergency numbers beyond 112 and 911, comma-separated"),
    ("messages-capacity", "N", "how many message parts a new message store holds (default 200)"),
    ("log-level", "LEVEL", "trace, debug, info, notice, warning (default) or error"),
    ("log-file", "FILE", "append log lines to this file instead of standard error"),
  ]

  /// No options given.
  public init() {}

  /// The options in `arguments` (the words after `run`); `--help` and
  /// `--version` are reported as `.help` and `.version`.
  public static func parse(_ arguments: some Collection<String>) -> Result<Parsed, CLIError> {
    var options = RunOptions()
    var words = Array(arguments)[...]
    while let word = words.popFirst() {
      if word == "--help" || word == "-h" { return .success(.help) }
      if word == "--version" { return .success(.version) }
      guard word.hasPrefix("--") else {
        return .failure(CLIError("unexpected argument '\(word)' (see --help)"))
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let entry = table.first(where: { $0.name == name }) else {
        return .failure(CLIError("unknown option '--\(name)' (see --help)"))
      }
      if entry.value == nil {
        guard value == nil else {
          return .failure(CLIError("--\(name) takes no value"))
        }
        options.values[name] = ""
        continue
      }
      if value == nil { value = words.popFirst() }
      guard let value else {
        return .failure(CLIError("--\(name) needs a value (\(entry.value ?? ""))"))
      }
      options.values[name] = value
    }
    return .success(.run(options))
  }

  /// What a command line asks for.
  public enum Parsed {
    /// Run with these options.
    case run(RunOptions)
    /// Print the usage.
    case help
    /// Print the version.
    case version
  }

  /// The value of `--name`, if given.
  public subscript(_ name: String) -> String? { values[name] }

  /// Whether the flag `--name` was given.
  public func flag(_ name: String) -> Bool { values[name] != nil }

  /// Sets `--name`'s value (nil: as if not given).
  public mutating func set(_ name: String, _ value: String?) { values[name] = value }

  /// The usage text, one option a line.
  public static func usage(command: String) -> String {
    var text = "usage: \(command) [OPTIONS]\n\n"
    text += "Runs the phone on a real keypad (evdev, through libevdev), an HD44780 on an I2C\n"
    text += "backpack or LCDd, and a modem on a serial line (docs/deploy.md).\n\noptions:\n"
    for entry in table {
      var left = "  --" + entry.name
      if let value = entry.value { left += " " + value }
      if left.count < 28 {
        left += String(repeating: " ", count: 28 - left.count)
      } else {
        left += "\n" + String(repeating: " ", count: 28)
      }
      text += left + entry.help + "\n"
    }
    text += "  --help                    this text\n  --version                 the version\n"
    return text
  }
}
