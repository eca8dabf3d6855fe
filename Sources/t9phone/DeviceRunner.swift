import Diagnostics
import DisplayDriver
import EvdevDevice
import EvdevInput
import Firmware
import Host
import KeypadInput
import Runtime

/// The firmware on a real keypad: opens (and grabs) the evdev device and
/// runs the phone on it in the run loop (`KeypadSource`), the LCD drawn on
/// every change (a bus error on the display is retried by its driver,
/// never fatal); an unplug is ridden out — the glass says so, the phone
/// keeps its state, and `/dev/input` is watched until a matching keypad is
/// back.
struct DeviceRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: Keymap

  /// Prepares a run; the device opens in `run()`.
  init(
    options: SimulatorOptions, start: StartOptions, input: String, keymap: Keymap, grab: Bool,
    display: DisplaySpec,
    reportsState: Bool = false
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock, start: start) { settings in
      keymap.applyHoldPolicies(to: &settings.gestures)
    }
    session.runtime.reportsState = reportsState
    self.keymap = keymap
    session.runtime.peripherals.output = DisplayOutput(
      display, geometry: session.geometry, log: session.log)
    session.runtime.peripherals.keypad = KeypadConnection(
      input: input, codes: keymap.codes, grab: grab, system: LinuxInputSystem())
    session.runtime.peripherals.keymap = keymap
    session.runtime.header.display = display
  }

  /// Runs until SIGINT or SIGTERM. A device that cannot be opened at the
  /// start is an error (exit 2) with a message that says how to fix it.
  mutating func run() throws {
    var signals = ProcessSignals()
    guard var connection = session.runtime.peripherals.keypad else { return }
    let opened = try connection.openForCommand(keymap: keymap)
    session.runtime.peripherals.keypad = connection
    var source = KeypadSource(keymap: keymap, path: opened.path, base: clock.base, log: session.log)
    defer {
      session.runtime.peripherals.keypad?.close()
      session.runtime.peripherals.output.close()
      source.close()
      session.runtime.finish(at: clock.now)
    }
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    session.runtime.peripherals.output.announce("ready \(opened.path) \(opened.name)")
    session.runtime.advance(to: clock.now)
    session.releaseStartupPages()
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
  }
}
