import CLinux
import Diagnostics
import DisplayDriver
import EvdevInput
import Firmware
import Supervision
import SystemLayer
import TextFolding

/// `run`, the firmware's command: its options read (`RunOptions`), the
/// log opened, the keymap loaded, then the phone run on the keypad
/// (`DeviceRunner`) or on LCDd's keys (`LCDprocRunner`) until SIGINT or
/// SIGTERM. The board firmware's entry calls it with its whole command
/// line; the host tool's `t9phone run` with the words after `run`.
public enum RunCommandLine {
  /// The version both builds print.
  public static let version = "0.1.0"

  /// Runs the command line `arguments` (the options alone); returns the
  /// exit status: 0 after a stop asked for by a signal, 2 with one line on
  /// standard error for bad input (an unknown option, a bad value, a
  /// keypad that cannot be opened).
  public static func main(_ arguments: some Collection<String>, command: String = "t9phone run")
    -> Int32
  {
    do throws(CLIError) {
      switch RunOptions.parse(arguments) {
      case .success(.help):
        Console.out(RunOptions.usage(command: command))
      case .success(.version):
        Console.out("\(version)\n")
      case .success(.run(let options)):
        try run(options)
      case .failure(let error):
        throw error
      }
      return 0
    } catch {
      let text = error.description
      Console.error(
        TextSearch.occurs(": error: ", in: text) ? "\(text)\n" : "t9phone: error: \(text)\n")
      return 2
    }
  }

  /// Runs the phone as `options` say.
  public static func run(_ options: RunOptions) throws(CLIError) {
    let display = try DisplayOutput.spec(
      options["display"], default: Console.isTerminal ? .terminal : .text)
    let input = options["input"] ?? "auto"
    let reportsState = options.flag("report-state")
    let localMinutes = MonotonicClock.localMinuteOfDay()
    if input == "lcdproc" || input.hasPrefix("lcdproc:") {
      let host: String
      let port: UInt16
      switch DisplaySpec.parse(input) {
      case .success(.lcdproc(let parsedHost, let parsedPort)):
        host = parsedHost
        port = parsedPort
      case .success: throw CLIError("--input: write lcdproc, lcdproc:HOST or lcdproc:HOST:PORT")
      case .failure(let error): throw CLIError("--input: \(error)")
      }
      let keys = try KeymapFiles.loadLCDproc(options["keymap"] ?? "lcdproc")
      let settings = try options.session(clockMinutes: localMinutes)
      let (log, ring) = try self.log(options)
      let runner = try LCDprocRunner(
        settings: settings, log: log, ring: ring, host: host, port: port, keymap: keys,
        display: display, reportsState: reportsState)
      try runner.run()
      return
    }
    let keys = try KeymapFiles.load(options["keymap"] ?? "numpad-phone")
    let settings = try options.session(clockMinutes: localMinutes) {
      keys.applyHoldPolicies(to: &$0.gestures)
    }
    let (log, ring) = try self.log(options)
    let runner = DeviceRunner(
      settings: settings, log: log, ring: ring, input: input, keymap: keys,
      grab: !options.flag("no-grab"), display: display, reportsState: reportsState)
    try runner.run()
  }

  /// The run's log at `--log-level`, one line a record on standard error
  /// or appended to `--log-file`; and the ring of recent records the
  /// flight recorder keeps whatever the level.
  static func log(_ options: RunOptions) throws(CLIError) -> (Log, LogRing) {
    let level = try options.logLevel()
    var descriptor = STDERR_FILENO
    if let file = options["log-file"] {
      let opened = t9_open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      guard opened >= 0 else {
        throw CLIError("cannot open log file \(file): \(Errno(t9_errno()).text)")
      }
      descriptor = opened
    }
    let ring = LogRing(capacity: 32)
    let log = Log(minimumLevel: min(level, .info)) { record in
      ring.append(record)
      if record.level >= level { Console.write(record.line + "\n", to: descriptor) }
    }
    return (log, ring)
  }
}
