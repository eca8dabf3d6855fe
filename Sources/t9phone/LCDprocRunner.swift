import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput

/// The firmware on a board whose keypad and LCD LCDd drives (`t9phone run
/// --input lcdproc[:HOST[:PORT]]`): the phone's screen goes to LCDd and the
/// keys of the lcdproc keymap come back from it, each `key` line a tap. The
/// phone never waits for LCDd: while it is away the phone keeps running
/// (with no keys, as a keypad that is unplugged), and when LCDd is back
/// the screen is set up again and redrawn.
struct LCDprocRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: LCDprocKeymap
  private let output: FrameOutput
  private var lcd: LCDprocOutput

  /// Prepares a run; LCDd is connected in `run()`.
  init(
    options: SimulatorOptions, address: LCDprocAddress, keymap: LCDprocKeymap,
    output: FrameOutput
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock)
    self.keymap = keymap
    self.output = output
    lcd = LCDprocOutput(
      address: address, geometry: session.geometry, keymap: keymap, log: session.log)
  }

  /// Runs until SIGINT or SIGTERM.
  mutating func run() {
    StopSignal.install()
    defer {
      lcd.close()
      session.saveAll()
    }
    session.log(
      .info, LogTag("lcd", "lcdproc"),
      "keys and screen through LCDd at \(lcd.address.description) (keymap \(keymap.name))")
    output.announce("ready lcdproc \(lcd.address.description) \(keymap.name)")
    var connected = false
    while !StopSignal.requested {
      for shown in session.harness.takeFrames() {
        output.show(shown.frame, at: shown.time, status: status)
        lcd.show(shown.frame, at: clock.now)
      }
      let due = [session.harness.nextDeadline, lcd.nextDeadline].compactMap { $0 }.min()
      lcd.wait(timeoutMilliseconds: clock.milliseconds(until: due))
      let now = clock.now
      lcd.service(at: now)
      while let event = lcd.takeKeyEvent(at: now) { session.harness.handle(event) }
      session.advance(to: clock.now)
      if lcd.isConnected != connected {
        connected = lcd.isConnected
        output.announce(connected ? "lcdproc connected" : "lcdproc disconnected")
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.harness.phone.screenName)  keymap \(keymap.name)",
      "LCDd \(lcd.address.description) \(lcd.isConnected ? "connected" : "away")",
    ]
  }
}
