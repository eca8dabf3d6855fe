import CharacterLCD
import ContactBook
import DisplayDriver
import EvdevDevice
import EvdevInput
import KeypadInput
import Supervision

/// What surrounds the firmware in `sim` and `run`: the display (the
/// phone's screen, perhaps mirrored on others: `DisplayPair`), the evdev
/// keypad (whose own key state the watchdog asks), and the contact book's
/// file. The supervisor drives it; the run loop reads input through it.
struct RunPeripherals<Screen: Display>: SupervisedPeripherals {
  /// The phone's screen: the glass the watchdog checks, with any mirrors.
  var display: Screen
  /// The evdev keypad (`run`).
  var keypad: KeypadConnection<LinuxInputSystem>?
  /// The keypad's keymap: which evdev codes stand for a key.
  var keymap: Keymap? {
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
  var unsettled: UInt32 = 0
  /// The contact book's file.
  var book: BookKeeper
  /// Keys LCDd sent that the phone dropped, for the statistics.
  var droppedKeys = 0
  /// Frames shown so far.
  private(set) var framesShown = 0
  /// The frame shown last (its cursor and backlight, for `--report-state`).
  private(set) var lastFrame: LCDFrame?
  /// Resyncs of keypads that went away, for the statistics.
  private var earlierResyncs = 0

  init(display: Screen, book: BookKeeper) {
    self.display = display
    self.book = book
  }

  mutating func show(_ frame: LCDFrame, at time: Instant) {
    display.show(frame, at: time)
    framesShown += 1
    lastFrame = frame
  }

  mutating func service(at time: Instant) {
    display.service(at: time)
  }

  var nextDeadline: Instant? { display.nextDeadline }

  /// Whether the phone's screen has the newest frame.
  var isUpToDate: Bool { display.health.isUpToDate }

  /// Status lines to show beside the LCD, on a display with room for them.
  mutating func showStatus(_ lines: [String]) {
    display.showStatus(lines)
  }

  // MARK: - The glass: the phone's own screen

  var glassParts: Int { display.glassParts }

  mutating func checkGlass(part: Int) -> GlassCheck { display.checkGlass(part: part) }

  mutating func redraw(at time: Instant) { display.redraw(at: time) }

  // MARK: - The keypad

  func deviceKeyIsDown(_ key: Key) -> Bool? {
    guard let device = keypad?.device, key.index < codes.count else { return nil }
    if unsettled & (1 << UInt32(key.index)) != 0 {
      return nil
    }
    for code in codes[key.index] where device.isDown(code: code) { return true }
    return false
  }

  /// The keypad went away: its resyncs so far are kept for the statistics.
  mutating func keypadGone(resyncs: Int) {
    earlierResyncs += resyncs
  }

  /// Resyncs of every keypad this run.
  var resyncs: Int { earlierResyncs + (keypad?.device?.resyncs ?? 0) }

  // MARK: - The book

  var unflushedBookWrites: Int { book.unflushed }

  mutating func flushBookWrites() -> Int { book.retry() }

  // MARK: - Statistics

  /// Display bus errors and recoveries so far, of every display.
  var displayFigures: (errors: Int, recoveries: Int) {
    let health = display.health
    return (health.errors, health.recoveries)
  }
}
