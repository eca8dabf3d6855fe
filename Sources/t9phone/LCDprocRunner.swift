import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput

/// The firmware on a board whose keypad and LCD LCDd drives (`t9phone run
/// --input lcdproc[:HOST[:PORT]]`): the phone's screen goes to LCDd and the
/// keys of the lcdproc keymap come back from it, each `key` line a tap,
/// over one connection; `--display` adds another output (the text frames
/// on standard output, the terminal, a module on I2C). The phone never
/// waits for LCDd: while it is away the phone keeps running (with no keys,
/// as with an unplugged keypad), and when LCDd is back the screen is set up
/// again and redrawn.
struct LCDprocRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: LCDprocKeymap
  private let address: String
  private var supervision: ServiceSupervision

  /// Prepares a run; LCDd is connected in `run()`. A `--display lcdproc`
  /// naming the same LCDd adds nothing; another LCDd is refused.
  init(
    options: SimulatorOptions, start: StartOptions, host: String, port: UInt16,
    keymap: LCDprocKeymap, display: DisplaySpec,
    reportsState: Bool = false
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock, start: start)
    session.reportsState = reportsState
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
    session.peripherals.output = DisplayOutput(extra, geometry: session.geometry, log: session.log)
    let lcd = LCDprocOutput(
      host: host, port: port, geometry: session.geometry, keymap: keymap, log: session.log)
    address = lcd.address
    session.peripherals.lcd = lcd
    session.reportHeader.display = .lcdproc(host: host, port: port)
    supervision = ServiceSupervision(log: session.log)
  }

  /// Runs until SIGINT or SIGTERM.
  mutating func run() {
    StopSignal.install()
    defer {
      session.peripherals.lcd?.close()
      session.peripherals.output.close()
      supervision.close()
      session.saveAll(at: clock.now)
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(address) (keymap \(keymap.name))")
    session.peripherals.output.announce("ready lcdproc \(address) \(keymap.name)")
    var connected = false
    session.advance(to: clock.now)
    session.releaseStartupPages()
    while !StopSignal.requested {
      session.peripherals.status = status
      // Ready once LCDd shows the phone: it is the phone's display here.
      supervision.loop(
        at: clock.now, displayed: session.peripherals.isUpToDate,
        healthy: session.isHealthy(at: clock.now),
        status: "\(session.phone.screenName), LCDd \(address)")
      let due = [session.nextDeadline, supervision.nextDeadline].compactMap { $0 }.min()
      session.peripherals.lcd?.wait(timeoutMilliseconds: clock.milliseconds(until: due))
      let now = clock.now
      session.peripherals.lcd?.service(at: now)
      while let event = session.peripherals.lcd?.takeKeyEvent(at: now) {
        session.handle(event, arrivedAt: now)
      }
      session.advance(to: clock.now)
      let isConnected = session.peripherals.lcd?.isConnected ?? false
      if isConnected != connected {
        connected = isConnected
        session.peripherals.output.announce(
          connected ? "lcdproc connected" : "lcdproc disconnected")
        supervision.status(connected ? "LCDd \(address) connected" : "LCDd away; reconnecting")
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.phone.screenName)  keymap \(keymap.name)",
      "LCDd \(address) \((session.peripherals.lcd?.isConnected ?? false) ? "connected" : "away")",
    ]
  }
}
