import CharacterLCD
import Diagnostics
import DisplayDevice
import DisplayDriver
import EvdevDevice
import Firmware
import KeypadInput
import Runtime
import ScenarioText
import Supervision

/// The firmware on a board whose keypad and LCD LCDd drives (`t9phone run
/// --input lcdproc[:HOST[:PORT]]`): the phone's screen goes to LCDd and the
/// keys of the lcdproc keymap come back from it, each `key` line a tap,
/// over one connection; `--display` adds another output (the text frames
/// on standard output, the terminal, a module on I2C). The phone never
/// waits for LCDd: while it is away the phone keeps running (with no keys,
/// as with an unplugged keypad), and when LCDd is back the screen is set up
/// again and redrawn.
///
/// LCDd is the phone's screen, mirrored on `--display`'s display
/// (`BoardScreen`, the type a keypad's run has too, so the firmware holds
/// one copy of the phone); the run loop waits on LCDd's connection
/// (`LCDprocSource`).
public struct LCDprocRunner {
  private let settings: SessionSettings
  private let log: Log
  private let ring: LogRing
  private let host: String
  private let port: UInt16
  private let keymap: LCDprocKeymap
  /// What `--display` adds beside LCDd.
  private let extra: DisplaySpec
  private let reportsState: Bool

  /// Prepares a run of the session `settings` describes, logging to `log`
  /// (`ring` keeps the recent records for reports); LCDd is connected in
  /// `run()`. A `--display lcdproc` naming the same LCDd adds nothing;
  /// another LCDd is refused.
  public init(
    settings: SessionSettings, log: Log, ring: LogRing, host: String, port: UInt16,
    keymap: LCDprocKeymap, display: DisplaySpec, reportsState: Bool = false
  ) throws(CLIError) {
    var extra = display
    if case .lcdproc(let displayHost, let displayPort) = display {
      guard displayHost == host, displayPort == port else {
        throw CLIError(
          "--input lcdproc already shows the screen on LCDd at \(host):\(port);"
            + " --display cannot name another LCDd")
      }
      extra = .none
    }
    self.settings = settings
    self.log = log
    self.ring = ring
    self.host = host
    self.port = port
    self.keymap = keymap
    self.extra = extra
    self.reportsState = reportsState
  }

  /// Runs until SIGINT or SIGTERM.
  /// LCDd is the phone's screen, mirrored on the display `--display`
  /// names.
  public func run() throws(CLIError) {
    let clock = MonotonicClock()
    let (host, port, keymap, extra) = (host, port, keymap, extra)
    var session = try PhoneSession(
      settings, log: log, ring: ring, clock: clock, keypad: LinuxInputSystem.self,
      modem: LineModem.self
    ) {
      geometry, log in
      BoardScreen(
        DisplayChoice(
          LCDprocOutput(host: host, port: port, geometry: geometry, keymap: keymap, log: log)),
        mirroredOn: DisplayOutput.display(extra, geometry: geometry, log: log))
    }
    session.runtime.reportsState = reportsState
    session.runtime.header.display = .lcdproc(host: host, port: port)
    let address = session.runtime.peripherals.display.primary.first?.address ?? ""
    var signals = ProcessSignals()
    var source = LCDprocSource<LinuxSocketSystem, DeviceDisplay, DeviceDisplay>(
      address: address, keymapName: keymap.name, extra: extra, log: session.log)
    defer {
      session.runtime.peripherals.display.close()
      source.close()
      session.runtime.finish(at: clock.now)
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(address) (keymap \(keymap.name))")
    DisplayOutput.announce("ready lcdproc \(address) \(keymap.name)", on: extra)
    session.runtime.advance(to: clock.now)
    session.releaseStartupPages()
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
  }
}
