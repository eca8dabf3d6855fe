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
/// the phone's harness, draws the LCD on every change (a bus error on the
/// display is retried by its driver, never fatal), and rides out an
/// unplug: the glass says so, the phone keeps its state, and `/dev/input`
/// is watched until a matching keypad is back. The loop only reads events,
/// hands them to the harness and waits until its next deadline.
struct DeviceRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: Keymap
  private var output: DisplayOutput
  private var translator: KeyTranslator
  private var connection: KeypadConnection<LinuxInputSystem>
  private var supervision: ServiceSupervision

  /// Prepares a run; the device opens in `run()`.
  init(
    options: SimulatorOptions, input: String, keymap: Keymap, grab: Bool, display: DisplaySpec
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock) { settings in
      keymap.applyHoldPolicies(to: &settings.gestures)
    }
    self.keymap = keymap
    output = DisplayOutput(display, geometry: session.geometry, log: session.log)
    supervision = ServiceSupervision(log: session.log)
    translator = KeyTranslator(keymap: keymap)
    connection = KeypadConnection(
      input: input, codes: keymap.codes, grab: grab, system: LinuxInputSystem())
  }

  /// Runs until SIGINT or SIGTERM. A device that cannot be opened at the
  /// start is an error (exit 2) with a message that says how to fix it.
  mutating func run() throws {
    StopSignal.install()
    defer {
      connection.close()
      output.close()
      supervision.close()
      session.saveAll()
    }
    let opened = try connection.openForCommand(keymap: keymap)
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    output.announce("ready \(opened.path) \(opened.name)")
    var shownAny = false
    while !StopSignal.requested {
      for shown in session.harness.takeFrames() {
        output.show(shown.frame, at: shown.time, status: status)
        shownAny = true
      }
      output.service(at: clock.now)
      supervision.loop(
        at: clock.now, displayed: shownAny && output.isUpToDate,
        status: "\(session.harness.phone.screenName), keypad \(opened.path)")
      let wake = [session.harness.nextDeadline, output.nextWake, supervision.nextDeadline]
        .compactMap { $0 }.min()
      let timeout = clock.milliseconds(until: wake)
      let change = connection.poll(timeoutMilliseconds: timeout) { event in
        guard let key = translator.translate(event) else { return }
        session.harness.handle(clock.base.rebased(key))
      }
      session.advance(to: clock.now)
      switch change {
      case .connected(let path, let name)?:
        session.harness.keypadConnected()
        session.log(.info, LogTag("keypad", "device"), "reading \(path) (\(name)) again")
        output.announce("keypad connected \(path)")
        supervision.status("keypad \(path) connected again")
      case .disconnected(let error)?:
        translator.reset()
        session.harness.keypadDisconnected()
        session.log(.warning, LogTag("keypad", "device"), error.message)
        output.announce("keypad disconnected")
        supervision.status("keypad disconnected; waiting for it")
      case nil:
        break
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.harness.phone.screenName)  keymap \(keymap.name)",
      connection.device.map { "keypad \($0.path) (\($0.name))" } ?? "keypad disconnected",
    ]
  }
}
