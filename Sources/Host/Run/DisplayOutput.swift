import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver

/// Where a device run, the simulator or a replay shows the LCD (`--display`):
/// the terminal (ANSI, as the simulator), text blocks on standard output for
/// a harness reading a serial console (`frame <ms>`, one `|row|` line per
/// LCD row, `end`), a real HD44780 on an I2C backpack, LCDd, or nowhere. A
/// display's errors are its driver's to retry, never fatal.
public enum DisplayOutput {
  /// Parses `--display`, or the default when it is not given.
  public static func spec(_ option: String?, default fallback: DisplaySpec) throws -> DisplaySpec {
    guard let option else { return fallback }
    switch DisplaySpec.parse(option) {
    case .success(let spec): return spec
    case .failure(let error): throw CLIError("--display: \(error)")
    }
  }

  /// Runs `user` on the display `spec` names, on the real system calls:
  /// the one place a spec becomes a display type, so what `user` does is
  /// specialised for that display. Devices open at the first frame.
  public static func open<User: DisplayUser>(_ spec: DisplaySpec, for user: User) throws {
    switch spec {
    case .terminal:
      try user.use { _, _ in TerminalDisplay(sink: DescriptorSink.standardOutput) }
    case .text:
      try user.use { _, _ in TextDisplay(sink: DescriptorSink.standardOutput) }
    case .i2c(let settings):
      try user.use { _, log in
        HD44780I2CDisplay(settings: settings, system: LinuxI2CSystem(), log: log)
      }
    case .lcdproc(let host, let port):
      try user.use { geometry, log in
        LCDprocOutput(host: host, port: port, geometry: geometry, keymap: nil, log: log)
      }
    case .none:
      try user.use { _, _ in NoDisplay() }
    }
  }

  /// A line of news (`t9phone: ready …`): on its own line unless the
  /// terminal shows the LCD (it is in the status rows there).
  public static func announce(_ line: String, on spec: DisplaySpec) {
    if case .terminal = spec { return }
    Console.out("t9phone: \(line)\n")
  }
}
