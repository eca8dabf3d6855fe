import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import Host
import KeypadInput
import Runtime

/// The firmware on a board whose keypad and LCD LCDd drives (`t9phone run
/// --input lcdproc[:HOST[:PORT]]`): the phone's screen goes to LCDd and the
/// keys of the lcdproc keymap come back from it, each `key` line a tap,
/// over one connection; `--display` adds another output (the text frames
/// on standard output, the terminal, a module on I2C); the run loop waits
/// on LCDd's connection (`LCDprocSource`). The phone never
/// waits for LCDd: while it is away the phone keeps running (with no keys,
/// as with an unplugged keypad), and when LCDd is back the screen is set up
/// again and redrawn.
struct LCDprocRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: LCDprocKeymap
  private let address: String

  /// Prepares a run; LCDd is connected in `run()`. A `--display lcdproc`
  /// naming the same LCDd adds nothing; another LCDd is refused.
  init(
    options: SimulatorOptions, start: StartOptions, host: String, port: UInt16,
    keymap: LCDprocKeymap, display: DisplaySpec,
    reportsState: Bool = false
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock, start: start)
    session.runtime.reportsState = reportsState
    self.keymap = keymap
    var extra = display
    if case .lcdproc(let displayHost, let displayPort) = display {
      guard displayHost == host, displayPort == port else {
        throw CLIError(
          "--input lcdproc already shows the screen on LCDd at \(host):\(port);"
            + " --display cannot name another LCDd")
      }
      extra = .none
    }
    session.runtime.peripherals.output = DisplayOutput(
      extra, geometry: session.geometry, log: session.log)
    let lcd = LCDprocOutput(
      host: host, port: port, geometry: session.geometry, keymap: keymap, log: session.log)
    address = lcd.address
    session.runtime.peripherals.lcd = lcd
    session.runtime.header.display = .lcdproc(host: host, port: port)
  }

  /// Runs until SIGINT or SIGTERM.
  mutating func run() {
    var signals = ProcessSignals()
    var source = LCDprocSource(address: address, keymapName: keymap.name, log: session.log)
    defer {
      session.runtime.peripherals.lcd?.close()
      session.runtime.peripherals.output.close()
      source.close()
      session.runtime.finish(at: clock.now)
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(address) (keymap \(keymap.name))")
    session.runtime.peripherals.output.announce("ready lcdproc \(address) \(keymap.name)")
    session.runtime.advance(to: clock.now)
    session.releaseStartupPages()
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
  }
}
