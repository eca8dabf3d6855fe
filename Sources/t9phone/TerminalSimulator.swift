import CharacterLCD
import ContactBook
import Diagnostics
import DisplayDriver
import Firmware
import Host
import KeypadInput
import Runtime
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
/// repeating 12-key backspace). The run loop hands the edges that are due
/// to the phone and waits for the terminal until the next deadline
/// (`TerminalSource`).
/// With `--record FILE` the edges it hands over and the screens after each
/// pause become a scenario, written when the simulator exits.
struct TerminalSimulator {
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
    try runSession()
    if let record { print("recorded \(record)") }
  }

  private func runSession() throws {
    let clock = MonotonicClock()
    var session = try PhoneSession(options: options, clock: clock)
    defer { session.runtime.finish(at: clock.now) }
    let recording = try record.map {
      try SessionRecording(
        path: $0, phone: session.phone, geometry: session.geometry, rom: session.rom,
        dictionaryFolder: options.dictionaries.folder, tapHold: TypedKeys.tapHold)
    }
    let geometry = session.geometry
    let rom = session.rom
    session.runtime.peripherals.module = SimulatedDisplay(
      geometry: geometry, rom: rom, log: session.log)
    switch display {
    case .i2c, .lcdproc:
      session.runtime.peripherals.output = DisplayOutput(
        display, geometry: geometry, log: session.log)
    case .terminal, .text, .none:
      break
    }
    defer { session.runtime.peripherals.output.close() }
    var terminal = TerminalRawMode()
    try terminal.enable()
    defer {
      terminal.restore()
      print(ANSIRenderer.leave, terminator: "")
    }
    Console.out(ANSIRenderer.enter)
    var source = TerminalSource(
      display: display, legend: TerminalSimulator.legend(rom: rom),
      caption: "LCD \(geometry) ROM \(rom)", recording: recording)
    var signals = ProcessSignals()
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
    if let recording = source.recording {
      let end = clock.now
      session.runtime.advance(to: end)
      try recording.write(ending: session.runtime.supervisor, at: end)
    }
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
