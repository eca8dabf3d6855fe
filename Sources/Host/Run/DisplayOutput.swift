import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver
import KeypadInput

/// Where a device run or a replay shows the LCD (`--display`): the terminal
/// (ANSI, as the simulator), text blocks on standard output for a harness
/// reading a serial console (`frame <ms>`, one `|row|` line per LCD row,
/// `end`), a real HD44780 on an I2C backpack, LCDd, or nowhere. A display's
/// errors are its driver's to retry, never fatal.
public struct DisplayOutput {
  /// What `--display` asked for.
  public let spec: DisplaySpec
  private var i2c: HD44780I2CDisplay<LinuxI2CSystem>?
  private var lcdproc: LCDprocOutput?

  /// The output `spec` names; devices open at the first frame.
  public init(_ spec: DisplaySpec, geometry: LCDGeometry, log: Log) {
    self.spec = spec
    switch spec {
    case .i2c(let settings):
      i2c = HD44780I2CDisplay(settings: settings, system: LinuxI2CSystem(), log: log)
    case .lcdproc(let host, let port):
      lcdproc = LCDprocOutput(host: host, port: port, geometry: geometry, keymap: nil, log: log)
    case .terminal, .text, .none:
      break
    }
  }

  /// Parses `--display`, or the default when it is not given.
  public static func spec(_ option: String?, default fallback: DisplaySpec) throws -> DisplaySpec {
    guard let option else { return fallback }
    switch DisplaySpec.parse(option) {
    case .success(let spec): return spec
    case .failure(let error): throw CLIError("--display: \(error)")
    }
  }

  /// Shows `frame` at `time`.
  public mutating func show(_ frame: LCDFrame, at time: Instant, status: [String]) {
    switch spec {
    case .terminal:
      Console.out(ANSIRenderer.render(frame, legend: [], status: status))
    case .text:
      Console.out(DisplayOutput.textBlock(TextFrameRenderer.rows(of: frame), at: time))
    case .i2c, .lcdproc, .none:
      i2c?.show(frame, at: time)
      lcdproc?.show(frame, at: time)
    }
  }

  /// The text form of a frame a harness reads from a serial console:
  /// `frame <ms>`, one `|row|` line per row, `end`, each line ending in
  /// `newline` (`\r\n` on a terminal in raw mode).
  public static func textBlock(_ rows: [String], at time: Instant, newline: String = "\n") -> String
  {
    var block = "frame \(time.microseconds / 1000)\(newline)"
    for row in rows { block += "|\(row)|\(newline)" }
    return block + "end\(newline)"
  }

  /// Lets a driver retry, reconnect or read; call it when `nextWake` comes.
  public mutating func service(at now: Instant) {
    i2c?.service(at: now)
    lcdproc?.service(at: now)
  }

  /// When a driver wants `service(at:)`.
  public var nextWake: Instant? {
    [i2c?.nextDeadline, lcdproc?.nextDeadline].compactMap { $0 }.min()
  }

  /// Whether the display has the latest frame (always, for the terminal).
  public var isUpToDate: Bool {
    if let i2c { return i2c.isUpToDate }
    if let lcdproc { return lcdproc.isUpToDate }
    return true
  }

  // MARK: - The watchdog's view

  /// How many looks a whole check of the glass takes.
  public var glassParts: Int { i2c?.glassParts ?? 1 }

  /// Looks at part of the glass: the module's RAM read back, or what LCDd
  /// acknowledged; nothing for a terminal or text.
  public mutating func checkGlass(part: Int) -> GlassCheck {
    if i2c != nil { return i2c?.checkGlass(part: part) ?? .unchecked }
    return lcdproc?.checkGlass() ?? .unchecked
  }

  /// Re-initialises the display and draws the newest frame whole.
  public mutating func redraw(at now: Instant) {
    i2c?.redraw(at: now)
    lcdproc?.redraw(at: now)
  }

  /// Bus errors and recoveries so far (I2C), for the statistics.
  public var busStatistics: BusStatistics { i2c?.statistics ?? BusStatistics() }

  /// Closes devices and connections.
  public mutating func close() {
    i2c?.close()
    lcdproc?.close()
  }

  /// A line of news (`t9phone: ready …`): on its own line unless the
  /// terminal shows the LCD (it is in the status rows there).
  public func announce(_ line: String) {
    if case .terminal = spec { return }
    Console.out("t9phone: \(line)\n")
  }
}
