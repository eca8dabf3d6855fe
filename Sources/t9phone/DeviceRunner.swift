import CharacterLCD
import Diagnostics
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
/// its key presses — timed by the kernel's monotonic timestamps — through
/// the keymap to the phone, draws the LCD on every change, and rides out an
/// unplug: the glass says so, the phone keeps its state, and `/dev/input`
/// is watched until a matching keypad is back.
struct DeviceRunner {
  private var session: PhoneSession
  private let clock: MonotonicClock
  private let keymap: Keymap
  private let output: FrameOutput
  private var translator: KeyTranslator
  private var connection: KeypadConnection<LinuxInputSystem>

  /// Prepares a run; the device opens in `run()`.
  init(
    options: SimulatorOptions, input: String, keymap: Keymap, grab: Bool, output: FrameOutput
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock) { settings in
      keymap.applyHoldPolicies(to: &settings.gestures)
    }
    self.keymap = keymap
    self.output = output
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
      session.saveAll()
    }
    let opened = try connection.openForCommand(keymap: keymap)
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    output.announce("ready \(opened.path) \(opened.name)")
    var lastFrame: LCDFrame?
    var composer = LCDComposer(rom: session.rom)
    var canvas = Canvas(geometry: session.geometry)
    while !StopSignal.requested {
      session.advance(to: clock.now)
      session.phone.render(into: &canvas)
      let frame = composer.frame(for: canvas)
      if frame != lastFrame {
        output.show(frame, at: clock.now, status: status)
        lastFrame = frame
      }
      let timeout = clock.milliseconds(until: session.phone.nextDeadline)
      let change = connection.poll(timeoutMilliseconds: timeout) { event in
        guard let key = translator.translate(event) else { return }
        let time = clock.instant(monotonicMicroseconds: key.time.microseconds)
        session.phone.handle(KeyEvent(key.action, key.key, at: time))
      }
      switch change {
      case .connected(let path, let name)?:
        session.phone.keypadConnected(at: clock.now)
        session.log(.info, LogTag("keypad", "device"), "reading \(path) (\(name)) again")
        output.announce("keypad connected \(path)")
      case .disconnected(let error)?:
        translator.reset()
        session.phone.keypadDisconnected(at: clock.now)
        session.log(.warning, LogTag("keypad", "device"), error.message)
        output.announce("keypad disconnected")
      case nil:
        break
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.phone.screenName)  keymap \(keymap.name)",
      connection.device.map { "keypad \($0.path) (\($0.name))" } ?? "keypad disconnected",
    ]
  }
}
