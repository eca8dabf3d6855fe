import CharacterLCD
import Diagnostics
import DisplayDriver
import EvdevDevice
import EvdevInput
import Firmware
import KeypadInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The firmware on a real keypad: opens (and grabs) the evdev device, feeds
/// its key presses — timed by the kernel's monotonic timestamps, moved onto
/// the firmware's clock by the clock's `TimeBase` — through the keymap to
/// the supervised phone, draws the LCD on every change (a bus error on the
/// display is retried by its driver, never fatal), and rides out an
/// unplug: the glass says so, the phone keeps its state, and `/dev/input`
/// is watched until a matching keypad is back. The loop only reads events,
/// hands them to the supervisor and waits until its next deadline.
///
/// The display is `--display`'s: `run()` opens it (`DisplayOutput.open`),
/// and the loop is specialised for its type.
struct DeviceRunner: DisplayUser {
  private let options: SimulatorOptions
  private let start: StartOptions
  private let input: String
  private let keymap: Keymap
  private let grab: Bool
  private let display: DisplaySpec
  private let reportsState: Bool

  /// Prepares a run; the device opens in `run()`.
  init(
    options: SimulatorOptions, start: StartOptions, input: String, keymap: Keymap, grab: Bool,
    display: DisplaySpec,
    reportsState: Bool = false
  ) {
    self.options = options
    self.start = start
    self.input = input
    self.keymap = keymap
    self.grab = grab
    self.display = display
    self.reportsState = reportsState
  }

  /// Runs until SIGINT or SIGTERM. A device that cannot be opened at the
  /// start is an error (exit 2) with a message that says how to fix it.
  func run() throws {
    try DisplayOutput.open(display, for: self)
  }

  /// Runs on the display `make` opens.
  func use<Screen: Display>(_ make: (LCDGeometry, Log) -> Screen) throws {
    let clock = MonotonicClock()
    let keymap = keymap
    var session = try PhoneSession(options: options, clock: clock, start: start, display: make) {
      settings in
      keymap.applyHoldPolicies(to: &settings.gestures)
    }
    session.reportsState = reportsState
    session.peripherals.keypad = KeypadConnection(
      input: input, codes: keymap.codes, grab: grab, system: LinuxInputSystem())
    session.peripherals.keymap = keymap
    session.reportHeader.display = display
    var supervision = ServiceSupervision(log: session.log)
    var translator = KeyTranslator(keymap: keymap)
    var batch: [KeyEvent] = []
    batch.reserveCapacity(64)
    StopSignal.install()
    defer {
      session.peripherals.keypad?.close()
      session.peripherals.display.close()
      supervision.close()
      session.saveAll(at: clock.now)
    }
    guard var connection = session.peripherals.keypad else { return }
    let opened = try connection.openForCommand(keymap: keymap)
    session.peripherals.keypad = connection
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    announce("ready \(opened.path) \(opened.name)")
    session.advance(to: clock.now)
    session.releaseStartupPages()
    while !StopSignal.requested {
      session.peripherals.showStatus(status(of: session))
      supervision.loop(
        at: clock.now,
        displayed: session.peripherals.framesShown > 0 && session.peripherals.isUpToDate,
        healthy: session.isHealthy(at: clock.now),
        status: "\(session.phone.screenName), keypad \(opened.path)")
      let wake = [session.nextDeadline, supervision.nextDeadline].compactMap { $0 }.min()
      let timeout = clock.milliseconds(until: wake)
      // Events are read as a batch, then handed over one by one: the
      // keypad's state already includes the batch, so its keys are not
      // asked about until they are handed over.
      batch.removeAll(keepingCapacity: true)
      var change: KeypadConnection<LinuxInputSystem>.Change?
      if var connection = session.peripherals.keypad {
        let resyncsBefore = connection.device?.resyncs ?? 0
        change = connection.poll(timeoutMilliseconds: timeout) { event in
          if let key = translator.translate(event) { batch.append(key) }
        }
        if case .disconnected = change { session.peripherals.keypadGone(resyncs: resyncsBefore) }
        session.peripherals.keypad = connection
      }
      var unsettled: UInt32 = 0
      for event in batch { unsettled |= 1 << UInt32(event.key.index) }
      session.peripherals.unsettled = unsettled
      let arrival = clock.now
      for event in batch {
        session.handle(clock.base.rebased(event), arrivedAt: arrival)
      }
      session.peripherals.unsettled = 0
      session.advance(to: clock.now)
      switch change {
      case .connected(let path, let name)?:
        session.keypad(connected: true)
        session.log(.info, LogTag("keypad", "device"), "reading \(path) (\(name)) again")
        announce("keypad connected \(path)")
        supervision.status("keypad \(path) connected again")
      case .disconnected(let error)?:
        translator.reset()
        session.keypad(connected: false)
        session.log(.warning, LogTag("keypad", "device"), error.message)
        announce("keypad disconnected")
        supervision.status("keypad disconnected; waiting for it")
      case nil:
        break
      }
    }
  }

  /// A line of news, unless the terminal shows the LCD.
  private func announce(_ line: String) {
    DisplayOutput.announce(line, on: display)
  }

  /// The status lines beside a terminal LCD.
  private func status(of session: PhoneSession<some Display>) -> [String] {
    [
      "screen \(session.phone.screenName)  keymap \(keymap.name)",
      session.peripherals.keypad?.device.map { "keypad \($0.path) (\($0.name))" }
        ?? "keypad disconnected",
    ]
  }
}
