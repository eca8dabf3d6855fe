import Board
import CharacterLCD
import Diagnostics
import DisplayDriver
import EvdevDevice
import KeypadInput
import Runtime
import SimulatedPeers
import Supervision

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
/// (`TerminalSource`). With `--record FILE` the edges it hands over and the
/// screens after each pause become a scenario, written when the simulator
/// exits.
///
/// The phone's screen is the simulated module, mirrored on the real
/// display `--display` names (`DisplayPair`): `run()` opens that
/// (`DisplayOutput.open`; nothing for the terminal, text or none, which the
/// simulator draws itself), and the run is specialised for its type.
public struct TerminalSimulator: DisplayUser {
  private let settings: SessionSettings
  private let log: Log
  private let ring: LogRing
  private let display: DisplaySpec
  /// `--record FILE`: where the session is written as a scenario.
  private let record: String?

  /// A simulator for the session `settings` describes, logging to `log`
  /// (`ring` keeps the recent records for reports), mirrored on `display`
  /// when it is a device, recorded to `record` when given.
  public init(
    settings: SessionSettings, log: Log, ring: LogRing, display: DisplaySpec,
    record: String? = nil
  ) {
    self.settings = settings
    self.log = log
    self.ring = ring
    self.display = display
    self.record = record
  }

  /// Runs until the user quits (`q`) or standard input closes.
  public func run() throws {
    try DisplayOutput.open(display.isDevice ? display : .none, for: self)
    if let record { print("recorded \(record)") }
  }

  /// Runs with the simulated module as the phone's screen, mirrored on the
  /// display `make` opens.
  public func use<Mirror: Display>(_ make: (LCDGeometry, Log) -> Mirror) throws {
    let clock = MonotonicClock()
    let rom = settings.rom
    var session = try PhoneSession(
      settings, log: log, ring: ring, clock: clock, keypad: LinuxInputSystem.self,
      modem: HostModem.self
    ) { geometry, log in
      DisplayPair(
        SimulatedModule(geometry: geometry, rom: rom, log: log),
        mirroredOn: make(geometry, log))
    }
    defer {
      session.runtime.peripherals.display.close()
      session.runtime.finish(at: clock.now)
    }
    let recording = try record.map {
      try SessionRecording(
        path: $0, phone: session.phone, geometry: session.geometry, rom: rom,
        dictionaryFolder: settings.dictionaryFolder, tapHold: TypedKeys.tapHold,
        hasModem: settings.modem != .none)
    }
    var terminal = TerminalRawMode()
    try terminal.enable()
    defer {
      terminal.restore()
      print(ANSIRenderer.leave, terminator: "")
    }
    Console.out(ANSIRenderer.enter)
    var source = TerminalSource<Mirror>(
      display: display, legend: TerminalSimulator.legend(rom: rom),
      caption: "LCD \(session.geometry) ROM \(rom)", recording: recording)
    var signals = ProcessSignals()
    session.runtime.advance(to: clock.now)
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
    if let recording = source.recording {
      let end = clock.now
      session.runtime.advance(to: end)
      try recording.write(ending: &session.runtime.supervisor, at: end)
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
