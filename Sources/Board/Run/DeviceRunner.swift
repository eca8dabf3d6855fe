import CharacterLCD
import Diagnostics
import DisplayDriver
import EvdevDevice
import EvdevInput
import Firmware
import KeypadInput
import Runtime
import ScenarioText
import Supervision

/// The firmware on a real keypad: opens (and grabs) the evdev device and
/// runs the phone on it in the run loop (`KeypadSource`), the LCD drawn on
/// every change (a bus error on the display is retried by its driver,
/// never fatal); an unplug is ridden out — the glass says so, the phone
/// keeps its state, and `/dev/input` is watched until a matching keypad is
/// back.
///
/// The display is `--display`'s (`DisplayOutput.display`), the primary of
/// a `BoardScreen`, the type LCDd's run has too: the firmware holds one
/// copy of the phone.
public struct DeviceRunner {
  private let settings: SessionSettings
  private let log: Log
  private let ring: LogRing
  private let input: String
  private let keymap: Keymap
  private let grab: Bool
  private let display: DisplaySpec
  private let reportsState: Bool

  /// Prepares a run of the session `settings` describes (the keymap's
  /// hold policies applied), logging to `log` (`ring` keeps the recent
  /// records for reports); the device opens in `run()`.
  public init(
    settings: SessionSettings, log: Log, ring: LogRing, input: String, keymap: Keymap,
    grab: Bool, display: DisplaySpec, reportsState: Bool = false
  ) {
    self.settings = settings
    self.log = log
    self.ring = ring
    self.input = input
    self.keymap = keymap
    self.grab = grab
    self.display = display
    self.reportsState = reportsState
  }

  /// Runs until SIGINT or SIGTERM. A device that cannot be opened at the
  /// start is an error (exit 2) with a message that says how to fix it.
  public func run() throws(CLIError) {
    let display = display
    let clock = MonotonicClock()
    var session = try PhoneSession(
      settings, log: log, ring: ring, clock: clock, keypad: LinuxInputSystem.self,
      modem: LineModem.self
    ) { geometry, log in
      BoardScreen(
        DisplayChoice(DisplayOutput.display(display, geometry: geometry, log: log)),
        mirroredOn: DisplayOutput.display(.none, geometry: geometry, log: log))
    }
    session.runtime.reportsState = reportsState
    session.runtime.header.display = display
    session.runtime.peripherals.keymap = keymap
    var connection = KeypadConnection(
      input: input, codes: keymap.codes, grab: grab, system: LinuxInputSystem())
    var signals = ProcessSignals()
    defer {
      session.runtime.peripherals.keypad?.close()
      session.runtime.peripherals.display.close()
      session.runtime.finish(at: clock.now)
    }
    let opened = try connection.openForCommand(keymap: keymap)
    session.runtime.peripherals.keypad = connection
    // The kernel stamps the keypad's events on the clock the firmware's
    // time is read from.
    session.runtime.rebaseInput(origin: clock.origin, start: .zero)
    var keypad = KeypadSource<BoardScreen, LinuxInputSystem>(
      keymap: keymap, path: opened.path, display: display,
      service: ServiceSupervision(log: session.log))
    defer { keypad.close() }
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    DisplayOutput.announce("ready \(opened.path) \(opened.name)", on: display)
    session.runtime.advance(to: clock.now)
    session.releaseStartupPages()
    RunLoop.run(&session.runtime, source: &keypad, clock: clock, signals: &signals)
  }
}
