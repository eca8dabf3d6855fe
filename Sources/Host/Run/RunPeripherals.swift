import CharacterLCD
import ContactBook
import DisplayDriver
import EvdevDevice
import EvdevInput
import KeypadInput
import Runtime
import Supervision

/// What surrounds the firmware in `sim` and `run`: the display output, the
/// simulator's own simulated module or LCDd as the phone's screen, the
/// evdev keypad (whose own key state the watchdog asks), and the contact
/// book's file. The supervisor drives it; the run loop reads input through
/// it.
public struct RunPeripherals: RuntimePeripherals {
  /// Where `--display` sends frames (a mirror, for the simulator).
  public var output: DisplayOutput
  /// The simulator's module: the glass it draws and the watchdog checks.
  public var module: SimulatedDisplay?
  /// LCDd as the phone's screen (`--input lcdproc`).
  public var lcd: LCDprocOutput?
  /// The evdev keypad (`run`).
  public var keypad: KeypadConnection<LinuxInputSystem>?
  /// The keypad's keymap: which evdev codes stand for a key.
  public var keymap: Keymap? {
    didSet {
      codes = Array(repeating: [], count: Key.allCases.count)
      for key in Key.allCases { codes[key.index] = keymap?.codes(for: key) ?? [] }
    }
  }
  /// The keymap's codes of each key, by `Key.index`, looked up once: the
  /// keypad is asked every 50 ms while a key is held.
  private var codes: [[UInt16]] = []
  /// Keys with an edge read but not yet handed to the firmware: the
  /// keypad's state already says where they are, so nobody asks.
  public var unsettled: UInt32 = 0
  /// The contact book's file.
  public var book: BookKeeper
  /// Status lines shown beside a terminal LCD.
  public var status: [String] = []
  /// Frames shown so far.
  public private(set) var framesShown = 0
  /// The frame shown last (its cursor and backlight, for `--report-state`).
  public private(set) var lastFrame: LCDFrame?
  /// Resyncs of keypads that went away, for the statistics.
  private var earlierResyncs = 0

  /// Peripherals with `output` as the only display and `book` as the contact book's file.
  public init(output: DisplayOutput, book: BookKeeper) {
    self.output = output
    self.book = book
  }

  /// Shows the frame on every display this run has.
  public mutating func show(_ frame: LCDFrame, at time: Instant) {
    module?.show(frame, at: time)
    lcd?.show(frame, at: time)
    output.show(frame, at: time, status: status)
    framesShown += 1
    lastFrame = frame
  }

  /// Lets every display retry, reconnect or read.
  public mutating func service(at time: Instant) {
    module?.service(at: time)
    lcd?.service(at: time)
    output.service(at: time)
  }

  /// When the loop must wake for this without input, if ever.
  public var nextDeadline: Instant? {
    [output.nextWake, lcd?.nextDeadline, module?.nextRetry].compactMap { $0 }.min()
  }

  /// Whether the phone's screen has the newest frame.
  public var isUpToDate: Bool {
    if let lcd { return lcd.isConnected && lcd.isUpToDate }
    return output.isUpToDate
  }

  // MARK: - The glass: the phone's own screen

  /// How many looks a whole check of the phone's own screen takes.
  public var glassParts: Int {
    if let module { return module.glassParts }
    if lcd != nil { return 1 }
    return output.glassParts
  }

  /// Looks at part of the phone's own screen.
  public mutating func checkGlass(part: Int) -> GlassCheck {
    if module != nil { return module?.checkGlass(part: part) ?? .unchecked }
    if lcd != nil { return lcd?.checkGlass() ?? .unchecked }
    return output.checkGlass(part: part)
  }

  /// Re-initialises the phone's own screen and draws the newest frame.
  public mutating func redraw(at time: Instant) {
    if module != nil {
      module?.redraw(at: time)
    } else if lcd != nil {
      lcd?.redraw(at: time)
    } else {
      output.redraw(at: time)
    }
  }

  // MARK: - The keypad

  /// What the evdev keypad says about `key` (nil: no keypad, or an edge of it not handed over yet).
  public func deviceKeyIsDown(_ key: Key) -> Bool? {
    guard let device = keypad?.device, key.index < codes.count else { return nil }
    if unsettled & (1 << UInt32(key.index)) != 0 {
      return nil
    }
    for code in codes[key.index] where device.isDown(code: code) { return true }
    return false
  }

  /// The keypad went away: its resyncs so far are kept for the statistics.
  public mutating func keypadGone(resyncs: Int) {
    earlierResyncs += resyncs
  }

  /// Resyncs of every keypad this run.
  public var resyncs: Int { earlierResyncs + (keypad?.device?.resyncs ?? 0) }

  /// Book writes that failed and wait for a retry.
  public var unflushedBookWrites: Int { book.unflushed }

  /// Writes the waiting book records again; returns how many still wait.
  public mutating func flushBookWrites() -> Int { book.retry() }

  // MARK: - The book and the statistics

  /// Writes the records at once (`BookKeeper`).
  public mutating func writeBook(_ writes: [BookWrite]) { book.write(writes) }

  /// Display errors and recoveries, keypad resyncs and LCDd's dropped keys.
  public var figures: RunFigures {
    var figures = RunFigures()
    figures.displayErrors = output.busStatistics.errors
    figures.displayRecoveries = output.busStatistics.recoveries
    if let module {
      figures.displayErrors += module.statistics.errors
      figures.displayRecoveries += module.statistics.recoveries
    }
    if let lcd {
      figures.displayErrors += lcd.failures
      figures.displayRecoveries += lcd.recoveries
      figures.droppedKeys = lcd.droppedKeys
    }
    figures.keypadResyncs = resyncs
    return figures
  }
}
