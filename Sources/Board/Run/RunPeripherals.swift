import CharacterLCD
import ContactBook
import DisplayDriver
import EvdevDevice
import EvdevInput
import KeypadInput
import ModemDriver
import Runtime
import StateStorage
import Supervision

/// What surrounds the firmware in `sim` and `run`: the display (the
/// phone's screen, perhaps mirrored on others: `DisplayPair`), the evdev
/// keypad (whose own key state the watchdog asks), and the contact book's
/// file. The supervisor drives it; the run loop reads input through it.
/// Generic over the keypad's input system: runs read `/dev/input`
/// (`LinuxInputSystem`), tests a scripted one.
public struct RunPeripherals<Screen: Display, Input: InputSystem, Line: SessionModem>:
  RuntimePeripherals
{
  /// The phone's screen: the glass the watchdog checks, with any mirrors.
  public var display: Screen
  /// The evdev keypad (`run`).
  public var keypad: KeypadConnection<Input>?
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
  /// The modem (`--modem`).
  public var modem: Line
  /// The call log's file (nil: the log is kept in memory).
  public var callLogFile: CallLogStore<LinuxFileSystem>?
  /// The message store's file (nil: messages are kept in memory).
  public var messageFile: MessagesStore<LinuxFileSystem>?
  /// Keys LCDd sent that the phone dropped, for the statistics.
  public var droppedKeys = 0
  /// Frames shown so far.
  public private(set) var framesShown = 0
  /// The frame shown last (its cursor and backlight, for `--report-state`).
  public private(set) var lastFrame: LCDFrame?
  /// Resyncs of keypads that went away, for the statistics.
  private var earlierResyncs = 0

  /// Peripherals around `display` (the phone's screen, with any mirrors)
  /// and `book`, the contact book's file.
  public init(display: Screen, book: BookKeeper, modem: Line) {
    self.display = display
    self.book = book
    self.modem = modem
  }

  /// Shows the frame on every display this run has.
  public mutating func show(_ frame: LCDFrame, at time: Instant) {
    display.show(frame, at: time)
    framesShown += 1
    lastFrame = frame
  }

  /// Lets every display retry, reconnect or read, and the modem talk.
  public mutating func service(at time: Instant) {
    display.service(at: time)
    modem.service(at: time)
  }

  /// When the loop must wake for this without input, if ever.
  public var nextDeadline: Instant? { Instant.earliest(display.nextDeadline, modem.nextDeadline) }

  // MARK: - The message store

  /// Writes a record of the message store (into its file, if it has one).
  public mutating func writeMessageRecord(at offset: Int, _ bytes: ArraySlice<UInt8>) {
    messageFile?.write(at: offset, bytes)
  }

  /// Writes a call-log record (into its file, if it has one).
  public mutating func writeCallRecord(at offset: Int, _ bytes: [UInt8]) {
    callLogFile?.write(at: offset, bytes)
  }

  /// Syncs the message store's file: whether every record is on disk.
  public mutating func syncMessages() -> Bool { messageFile?.sync() ?? true }

  /// Whether the phone's screen has the newest frame.
  public var isUpToDate: Bool { display.health.isUpToDate }

  /// Status lines to show beside the LCD, on a display with room for them.
  public mutating func showStatus(_ lines: [String]) {
    display.showStatus(lines)
  }

  // MARK: - The glass: the phone's own screen

  /// How many looks a whole check of the phone's own screen takes.
  public var glassParts: Int { display.glassParts }

  /// Looks at part of the phone's own screen.
  public mutating func checkGlass(part: Int) -> GlassCheck { display.checkGlass(part: part) }

  /// Re-initialises the phone's own screen and draws the newest frame.
  public mutating func redraw(at time: Instant) { display.redraw(at: time) }

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

  // MARK: - The book

  /// Book writes that failed and wait for a retry.
  public var unflushedBookWrites: Int { book.unflushed }

  /// Writes the waiting book records again; returns how many still wait.
  public mutating func flushBookWrites() -> Int { book.retry() }

  // MARK: - The book and the statistics

  /// Writes the records at once (`BookKeeper`).
  public mutating func writeBook(_ writes: [BookWrite]) { book.write(writes) }

  /// Display errors and recoveries of every display, keypad resyncs and
  /// LCDd's dropped keys.
  public var figures: RunFigures {
    var figures = RunFigures(display: display.health)
    figures.keypadResyncs = resyncs
    figures.droppedKeys = droppedKeys
    (figures.modemTimeouts, figures.modemResets) = modem.counts
    return figures
  }
}
