import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver
import KeypadInput

/// Where a device run or a replay shows the LCD (`--display`): the terminal
/// (ANSI, as the simulator), text blocks on standard output for a harness
/// reading a serial console (`frame <ms>`, one `|row|` line per LCD row,
/// `end`), a real HD44780 on an I2C backpack, LCDd, or nowhere.
enum DisplayOutput {
  /// The ANSI display, with a status.
  case terminal
  /// Text blocks.
  case text
  /// A real module through Linux i2c-dev.
  case i2c(HD44780I2CDisplay<LinuxI2CSystem>)
  /// LCDd, over TCP.
  case lcdproc(LCDprocOutput)
  /// Nothing is shown.
  case none

  /// The output `spec` names, its drivers ready (devices open at the first
  /// frame, and their errors are retried, never fatal).
  init(_ spec: DisplaySpec, geometry: LCDGeometry, log: Log) throws {
    switch spec {
    case .terminal: self = .terminal
    case .text: self = .text
    case .none: self = .none
    case .i2c(let settings):
      self = .i2c(HD44780I2CDisplay(settings: settings, system: LinuxI2CSystem(), log: log))
    case .lcdproc(let host, let port):
      self = .lcdproc(
        LCDprocOutput(host: host, port: port, geometry: geometry, keymap: nil, log: log))
    }
  }

  /// Parses `--display`, or the default when it is not given.
  static func spec(_ option: String?, default fallback: DisplaySpec) throws -> DisplaySpec {
    guard let option else { return fallback }
    switch DisplaySpec.parse(option) {
    case .success(let spec): return spec
    case .failure(let error): throw CLIError("--display: \(error)")
    }
  }

  /// Shows `frame` at `time`.
  mutating func show(_ frame: LCDFrame, at time: Instant, status: [String]) {
    switch self {
    case .terminal:
      Console.out(ANSIRenderer.render(frame, legend: [], status: status))
    case .text:
      var block = "frame \(time.microseconds / 1000)\n"
      for row in TextFrameRenderer.rows(of: frame) { block += "|\(row)|\n" }
      block += "end\n"
      Console.out(block)
    case .i2c(var display):
      self = .none
      display.show(frame, at: time)
      self = .i2c(display)
    case .lcdproc(var display):
      self = .none
      display.show(frame, at: time)
      self = .lcdproc(display)
    case .none:
      break
    }
  }

  /// Lets a driver retry a failed bus; call it when `nextWake` comes.
  mutating func service(at now: Instant) {
    switch self {
    case .i2c(var display):
      self = .none
      display.service(at: now)
      self = .i2c(display)
    case .lcdproc(var display):
      self = .none
      display.service(at: now)
      self = .lcdproc(display)
    default:
      break
    }
  }

  /// When a driver wants `service(at:)`.
  var nextWake: Instant? {
    switch self {
    case .i2c(let display): display.nextRetry
    case .lcdproc(let display): display.nextDeadline
    default: nil
    }
  }

  /// Closes devices and connections.
  mutating func close() {
    switch self {
    case .i2c(var display):
      display.close()
      self = .i2c(display)
    case .lcdproc(var display):
      display.close()
      self = .lcdproc(display)
    default:
      break
    }
  }

  /// A line of news (`t9phone: ready …`): on its own line unless the
  /// terminal shows the LCD (it is in the status rows there).
  func announce(_ line: String) {
    if case .terminal = self { return }
    Console.out("t9phone: \(line)\n")
  }
}
