import CharacterLCD
import ContactBook
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import SimulatedPeers
import T9Engine
import TerminalKeys
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The interactive simulator: the computer keyboard is the keypad, the
/// terminal shows the LCD, the system's monotonic clock drives the firmware.
/// The firmware's frames go through the I2C display driver into a simulated
/// backpack and module, and the terminal shows what that module shows; with
/// `--display i2c:…` or `lcdproc` a real display shows it too.
///
/// A terminal reports presses but no releases: `TypedKeys` makes the edges
/// of taps and holds (Alt+key, or Esc then the key; holding Alt+# is the
/// repeating 12-key backspace). The loop hands the edges that are due to the
/// supervised phone and waits for the terminal until the next deadline.
/// With `--record FILE` the edges it hands over and the screens after each
/// pause become a scenario, written when the simulator exits.
///
/// The phone's screen is the simulated module, mirrored on the real
/// display `--display` names (`DisplayPair`): `run()` opens that
/// (`DisplayOutput.open`; nothing for the terminal, text or none, which the
/// simulator draws itself), and the loop is specialised for its type.
struct TerminalSimulator: DisplayUser {
  let options: SimulatorOptions
  let display: DisplaySpec
  /// `--record FILE`: where the session is written as a scenario.
  let record: String?

  init(options: SimulatorOptions, display: DisplaySpec, record: String? = nil) {
    self.options = options
    self.display = display
    self.record = record
  }

  func run() throws {
    try DisplayOutput.open(display.isDevice ? display : .none, for: self)
    if let record { print("recorded \(record)") }
  }

  /// Runs with the simulated module as the phone's screen, mirrored on the
  /// display `make` opens.
  func use<Mirror: Display>(_ make: (LCDGeometry, Log) -> Mirror) throws {
    let clock = MonotonicClock()
    let rom = try options.characterROM()
    var session = try PhoneSession(options: options, clock: clock) { geometry, log in
      DisplayPair(
        SimulatedModule(geometry: geometry, rom: rom, log: log),
        mirroredOn: make(geometry, log))
    }
    defer { session.saveAll(at: clock.now) }
    var recording = try record.map {
      try SessionRecording(
        path: $0, session: session, options: options, tapHold: TypedKeys.tapHold)
    }
    let geometry = session.geometry
    defer { session.peripherals.display.close() }
    var typed = TypedKeys()
    var terminal = TerminalRawMode()
    try terminal.enable()
    defer {
      terminal.restore()
      print(ANSIRenderer.leave, terminator: "")
    }
    write(ANSIRenderer.enter)
    let legend = TerminalSimulator.legend(rom: rom)
    var drawn: [String]?
    var drawnGlass: LCDFrame?
    var running = true
    while running {
      let now = clock.now
      for edge in typed.takeDue(upTo: now) {
        session.handle(edge, arrivedAt: now)
        recording?.record(edge)
      }
      session.advance(to: now)
      recording?.observe(session, at: now)
      // The terminal shows the simulated module's glass: redrawn when it
      // changes, by a frame or by the watchdog's repair.
      let module = session.peripherals.display.primary
      let phone = session.phone
      let repairs = session.supervisor.watchdog.repairs.total
      let status = [
        "screen \(phone.screenName)  \(phone.modeIndicator.map { "mode \($0)" } ?? "")",
        "LCD \(geometry) ROM \(rom)  bus \(module.statistics.bytesSent) bytes"
          + (repairs > 0 ? "  repairs \(repairs)" : ""),
      ]
      let glass = module.glass
      if glass != drawnGlass || status != drawn {
        drawnGlass = glass
        drawn = status
        if case .text = display {
          write(TextBlock.text(module.rows, at: now, newline: "\r\n"))
        } else if case .none = display {
          // No picture: the status alone, from the top left.
          write("\u{1B}[H\u{1B}[2J" + (legend + status).joined(separator: "\r\n"))
        } else if let glass {
          // The picture, in the terminal beside any device it mirrors on.
          write(ANSIRenderer.render(glass, legend: legend, status: status))
        }
      }
      let wake = [session.nextDeadline, typed.next, recording?.screenDue].compactMap { $0 }.min()
      var pollDescriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollDescriptor, 1, clock.milliseconds(until: wake))
      guard ready > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else {
        running = false
        continue
      }
      let at = clock.now
      for input in TerminalKeyDecoder.decode(Array(buffer[0..<count])) {
        switch input {
        case .quit:
          running = false
        case .tap(let key):
          typed.tap(key, at: at)
        case .hold(let key):
          typed.hold(key, at: at, longPress: session.phone.settings.gestures.longPress)
        }
      }
    }
    if let recording {
      let end = clock.now
      session.advance(to: end)
      try recording.write(ending: session, at: end)
    }
  }

  private func write(_ text: String) {
    Console.out(text)
  }

  /// The key legend printed beside the LCD.
  static func legend(rom: CharacterROM) -> [String] {
    /// A key and its letters (`2 abc`), padded to `width`.
    func cell(_ digit: Int, _ width: Int = 0) -> String {
      let text = "\(digit) \(KeypadLetters.letterGroups[digit - 2])"
      return text + String(repeating: " ", count: max(0, width - text.count))
    }
    return [
      "1 .,?!  " + cell(2, 7) + cell(3),
      cell(4, 8) + cell(5, 7) + cell(6),
      cell(7, 8) + cell(8, 7) + cell(9),
      "* case  0 space # mode",
      "Alt+key: long press",
      "Enter ok  Bksp back",
      "arrows  Tab/F1 F2 soft",
      "c call  e end  q quit",
    ]
  }
}
