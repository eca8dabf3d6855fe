import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver

/// Every display `--display` can name, as one type (`DisplayChoice`).
public typealias DeviceDisplay = DisplayChoice<
  HD44780I2CDisplay<LinuxI2CSystem>,
  DisplayChoice<
    LCDprocOutput,
    DisplayChoice<
      TextDisplay<DescriptorSink>,
      DisplayChoice<TerminalDisplay<DescriptorSink>, NoDisplay>
    >
  >
>

/// The phone's screen in a board's run: LCDd with its keys (`--input
/// lcdproc`) or the display `--display` names, mirrored on another (what
/// `--display` names beside LCDd; none on a keypad). One type for both
/// runs, so the firmware holds one copy of the phone.
public typealias BoardScreen = DisplayPair<
  DisplayChoice<LCDprocOutput, DeviceDisplay>, DeviceDisplay
>

/// Where a device run, the simulator or a replay shows the LCD (`--display`):
/// the terminal (ANSI, as the simulator), text blocks on standard output for
/// a harness reading a serial console (`frame <ms>`, one `|row|` line per
/// LCD row, `end`), a real HD44780 on an I2C backpack, LCDd, or nowhere. A
/// display's errors are its driver's to retry, never fatal.
public enum DisplayOutput {
  /// Parses `--display`, or the default when it is not given.
  public static func spec(_ option: String?, default fallback: DisplaySpec) throws(CLIError)
    -> DisplaySpec
  {
    guard let option else { return fallback }
    switch DisplaySpec.parse(option) {
    case .success(let spec): return spec
    case .failure(let error): throw CLIError("--display: \(error)")
    }
  }

  /// The display `spec` names, for an LCD of `geometry`: the one place a
  /// spec becomes a display. Every kind is held by one type, `DeviceDisplay`,
  /// so a run is specialised once whatever `--display` says.
  public static func display(_ spec: DisplaySpec, geometry: LCDGeometry, log: Log)
    -> DeviceDisplay
  {
    switch spec {
    case .i2c(let settings):
      DeviceDisplay(HD44780I2CDisplay(settings: settings, system: LinuxI2CSystem(), log: log))
    case .lcdproc(let host, let port):
      DeviceDisplay(
        .init(LCDprocOutput(host: host, port: port, geometry: geometry, keymap: nil, log: log)))
    case .text:
      DeviceDisplay(.init(.init(TextDisplay(sink: DescriptorSink.standardOutput))))
    case .terminal:
      DeviceDisplay(.init(.init(.init(TerminalDisplay(sink: DescriptorSink.standardOutput)))))
    case .none:
      DeviceDisplay(.init(.init(.init(NoDisplay()))))
    }
  }

  /// A line of news (`t9phone: ready …`): on its own line unless the
  /// terminal shows the LCD (it is in the status rows there).
  public static func announce(_ line: String, on spec: DisplaySpec) {
    if case .terminal = spec { return }
    Console.out("t9phone: \(line)\n")
  }
}
