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
  private let input: String
  private let keymap: Keymap
  private let grab: Bool
  private let output: FrameOutput
  private var translator: KeyTranslator
  private var device: KeypadDevice<LinuxInputSystem>?
  private var watcher: DeviceWatcher<LinuxInputSystem>?

  /// Prepares a run; the device opens in `run()`.
  init(
    options: SimulatorOptions, input: String, keymap: Keymap, grab: Bool, output: FrameOutput
  ) throws {
    clock = MonotonicClock()
    session = try PhoneSession(options: options, clock: clock) { settings in
      keymap.applyHoldPolicies(to: &settings.gestures)
    }
    self.input = input
    self.keymap = keymap
    self.grab = grab
    self.output = output
    translator = KeyTranslator(keymap: keymap)
  }

  /// Runs until SIGINT or SIGTERM. A device that cannot be opened at the
  /// start is an error (exit 2) with a message that says how to fix it.
  mutating func run() throws {
    StopSignal.install()
    defer {
      device?.close()
      watcher?.close()
      session.saveAll()
    }
    do throws(InputError) {
      try open()
    } catch {
      if input == "auto", case .noSuchDevice = error {
        throw CLIError(
          "no keypad: no device in /dev/input has the keys of keymap \(keymap.name) "
            + "(is it plugged in? may this user read /dev/input/event*? see docs/deploy.md)")
      }
      throw CLIError(error.message)
    }
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
      let timeout = waitTime()
      if device != nil {
        readKeys(timeout: timeout)
      } else {
        awaitKeypad(timeout: timeout)
      }
    }
  }

  private var status: [String] {
    [
      "screen \(session.phone.screenName)  keymap \(keymap.name)",
      device.map { "keypad \($0.path) (\($0.name))" } ?? "keypad disconnected",
    ]
  }

  /// How long to wait for a key: until the phone's next timer, at most 1 s.
  private func waitTime() -> Int32 {
    guard let due = session.phone.nextDeadline else { return 1000 }
    let micro = (due - clock.now).wholeMicroseconds
    return Int32(clamping: Swift.min(1000, Swift.max(0, (micro + 999) / 1000)))
  }

  /// Opens the configured keypad (or the first with the keymap's keys).
  private mutating func open() throws(InputError) {
    let path: String
    if input == "auto" {
      guard let found = KeypadDevice<LinuxInputSystem>.find(codes: keymap.codes) else {
        throw .noSuchDevice(path: "/dev/input (no device has the keys of keymap \(keymap.name))")
      }
      path = found
    } else {
      path = input
    }
    let opened = try KeypadDevice<LinuxInputSystem>.open(
      path: path, codes: keymap.codes, grab: grab)
    device = opened
    session.log(.info, LogTag("keypad", "device"), "reading \(opened.path) (\(opened.name))")
    output.announce("ready \(opened.path) \(opened.name)")
  }

  /// Waits for key events and hands them to the phone; an unplug starts
  /// watching for the keypad to come back.
  private mutating func readKeys(timeout: Int32) {
    guard var current = device else { return }
    do {
      guard try current.wait(timeoutMilliseconds: timeout) else { return }
      try current.read { event in
        guard let key = translator.translate(event) else { return }
        let time = clock.instant(monotonicMicroseconds: key.time.microseconds)
        session.phone.handle(KeyEvent(key.action, key.key, at: time))
      }
      device = current
    } catch {
      current.close()
      device = nil
      translator.reset()
      session.phone.keypadDisconnected(at: clock.now)
      session.log(.warning, LogTag("keypad", "device"), error.message)
      output.announce("keypad disconnected")
      do {
        watcher = try DeviceWatcher()
      } catch {
        session.log(.error, LogTag("keypad", "device"), error.message)
      }
    }
  }

  /// Waits for `/dev/input` to change, then tries the keypad again: a node
  /// that is not ready yet (no such device, permissions not set by udev
  /// yet) is tried again at the next change or after a second.
  private mutating func awaitKeypad(timeout: Int32) {
    if var current = watcher {
      _ = try? current.wait(timeoutMilliseconds: timeout)
      watcher = current
    } else {
      usleep(useconds_t(timeout) * 1000)
    }
    do {
      try open()
    } catch {
      return
    }
    watcher?.close()
    watcher = nil
    session.phone.keypadConnected(at: clock.now)
    if let device { output.announce("keypad connected \(device.path)") }
  }
}
