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
  private var output: DisplayOutput
  private var lcd: LCDprocOutput
  private var supervision: ServiceSupervision

  /// Prepares a run; LCDd is connected in `run()`. A `--display lcdproc`
  /// naming the same LCDd adds nothing; another LCDd is refused.
  init(
    options: SimulatorOptions, host: String, port: UInt16, keymap: LCDprocKeymap,
    display: DisplaySpec
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock)
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
    output = DisplayOutput(extra, geometry: session.geometry, log: session.log)
    lcd = LCDprocOutput(
      host: host, port: port, geometry: session.geometry, keymap: keymap, log: session.log)
    supervision = ServiceSupervision(log: session.log)
  }

  /// Runs until SIGINT or SIGTERM.
  mutating func run() {
    StopSignal.install()
    defer {
      lcd.close()
      output.close()
      supervision.close()
      session.saveAll()
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(lcd.address) (keymap \(keymap.name))")
    output.announce("ready lcdproc \(lcd.address) \(keymap.name)")
    var connected = false
    while !StopSignal.requested {
      for shown in session.harness.takeFrames() {
        output.show(shown.frame, at: shown.time, status: status)
        lcd.show(shown.frame, at: clock.now)
      }
      output.service(at: clock.now)
      // Ready once LCDd shows the phone: it is the phone's display here.
      supervision.loop(
        at: clock.now, displayed: lcd.isConnected && lcd.isUpToDate,
        status: "\(session.harness.phone.screenName), LCDd \(lcd.address)")
      let due = [
        session.harness.nextDeadline, lcd.nextDeadline, output.nextWake, supervision.nextDeadline,
      ].compactMap { $0 }.min()
      lcd.wait(timeoutMilliseconds: clock.milliseconds(until: due))
      let now = clock.now
      lcd.service(at: now)
      while let event = lcd.takeKeyEvent(at: now) { session.harness.handle(event) }
      session.advance(to: clock.now)
      if lcd.isConnected != connected {
        connected = lcd.isConnected
        output.announce(connected ? "lcdproc connected" : "lcdproc disconnected")
        supervision.status(connected ? "LCDd \(lcd.address) connected" : "LCDd away; reconnecting")
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.harness.phone.screenName)  keymap \(keymap.name)",
      "LCDd \(lcd.address) \(lcd.isConnected ? "connected" : "away")",
    ]
  }
}
