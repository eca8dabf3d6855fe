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
///
/// LCDd is the phone's screen, mirrored on `--display`'s display
/// (`DisplayPair`): `run()` opens that (`DisplayOutput.open`), and the loop
/// is specialised for its type.
struct LCDprocRunner: DisplayUser {
  private let options: SimulatorOptions
  private let start: StartOptions
  private let host: String
  private let port: UInt16
  private let keymap: LCDprocKeymap
  /// What `--display` adds beside LCDd.
  private let extra: DisplaySpec
  private let reportsState: Bool

  /// Prepares a run; LCDd is connected in `run()`. A `--display lcdproc`
  /// naming the same LCDd adds nothing; another LCDd is refused.
  init(
    options: SimulatorOptions, start: StartOptions, host: String, port: UInt16,
    keymap: LCDprocKeymap, display: DisplaySpec,
    reportsState: Bool = false
  ) throws {
    var extra = display
    if case .lcdproc(let displayHost, let displayPort) = display {
      guard displayHost == host, displayPort == port else {
        throw CLIError(
          "--input lcdproc already shows the screen on LCDd at \(host):\(port);"
            + " --display cannot name another LCDd")
      }
      extra = .none
    }
    self.options = options
    self.start = start
    self.host = host
    self.port = port
    self.keymap = keymap
    self.extra = extra
    self.reportsState = reportsState
  }

  /// Runs until SIGINT or SIGTERM.
  func run() throws {
    try DisplayOutput.open(extra, for: self)
  }

  /// Runs with LCDd as the phone's screen, mirrored on the display `make`
  /// opens.
  func use<Mirror: Display>(_ make: (LCDGeometry, Log) -> Mirror) throws {
    let clock = MonotonicClock()
    let (host, port, keymap) = (host, port, keymap)
    var session = try PhoneSession(options: options, clock: clock, start: start) {
      geometry, log in
      DisplayPair(
        LCDprocOutput(host: host, port: port, geometry: geometry, keymap: keymap, log: log),
        mirroredOn: make(geometry, log))
    }
    session.reportsState = reportsState
    let address = session.peripherals.display.primary.address
    session.reportHeader.display = .lcdproc(host: host, port: port)
    var supervision = ServiceSupervision(log: session.log)
    StopSignal.install()
    defer {
      session.peripherals.display.close()
      supervision.close()
      session.saveAll(at: clock.now)
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(address) (keymap \(keymap.name))")
    announce("ready lcdproc \(address) \(keymap.name)")
    var connected = false
    session.advance(to: clock.now)
    session.releaseStartupPages()
    while !StopSignal.requested {
      session.peripherals.showStatus(status(of: session, address: address))
      // Ready once LCDd shows the phone: it is the phone's display here.
      supervision.loop(
        at: clock.now, displayed: session.peripherals.isUpToDate,
        healthy: session.isHealthy(at: clock.now),
        status: "\(session.phone.screenName), LCDd \(address)")
      let due = [session.nextDeadline, supervision.nextDeadline].compactMap { $0 }.min()
      session.peripherals.display.primary.wait(timeoutMilliseconds: clock.milliseconds(until: due))
      let now = clock.now
      session.peripherals.display.primary.service(at: now)
      while let event = session.peripherals.display.primary.takeKeyEvent(at: now) {
        session.handle(event, arrivedAt: now)
      }
      session.peripherals.droppedKeys = session.peripherals.display.primary.droppedKeys
      session.advance(to: clock.now)
      let isConnected = session.peripherals.display.primary.isConnected
      if isConnected != connected {
        connected = isConnected
        announce(connected ? "lcdproc connected" : "lcdproc disconnected")
        supervision.status(connected ? "LCDd \(address) connected" : "LCDd away; reconnecting")
      }
    }
  }

  /// A line of news, unless the terminal shows the LCD.
  private func announce(_ line: String) {
    DisplayOutput.announce(line, on: extra)
  }

  /// The status lines beside a terminal LCD.
  private func status<Mirror: Display>(
    of session: PhoneSession<DisplayPair<LCDprocOutput, Mirror>>, address: String
  ) -> [String] {
    [
      "screen \(session.phone.screenName)  keymap \(keymap.name)",
      "LCDd \(address) \(session.peripherals.display.primary.isConnected ? "connected" : "away")",
    ]
  }
}
