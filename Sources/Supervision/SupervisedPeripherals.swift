import CharacterLCD
import Vocabulary

/// What the supervisor drives and asks around the firmware: the display
/// the frames go to, the keypad's own idea of its keys, and the contact
/// book's file. The run loops and the scenario runner each provide one,
/// real or simulated; a generic parameter, never an existential, so the
/// core stays compilable for Embedded Swift.
public protocol SupervisedPeripherals {
  /// Shows a frame the firmware drew at `time`.
  mutating func show(_ frame: LCDFrame, at time: Instant)
  /// Lets drivers retry, reconnect or read; faults begin or end.
  mutating func service(at time: Instant)
  /// When `service(at:)` is next due without input, if ever.
  var nextDeadline: Instant? { get }
  /// How many looks a whole check of the glass takes.
  var glassParts: Int { get }
  /// Looks at part `part` (of `glassParts`) of the glass.
  mutating func checkGlass(part: Int) -> GlassCheck
  /// Re-initialises the display and draws the newest frame whole.
  mutating func redraw(at time: Instant)
  /// Whether the keypad itself says `key` is down (nil: it cannot say).
  func deviceKeyIsDown(_ key: Key) -> Bool?
  /// Contact-book writes taken from the phone and not yet on disk.
  var unflushedBookWrites: Int { get }
  /// Writes them again; returns how many are still not on disk.
  mutating func flushBookWrites() -> Int
  /// Whether the modem is unreachable now (its line lost, or silent).
  var modemIsFailing: Bool { get }
  /// Closes the modem's line and opens it again, setting the modem up
  /// afresh (the watchdog's repair).
  mutating func resetModem()
}

extension SupervisedPeripherals {
  /// No modem: never failing.
  public var modemIsFailing: Bool { false }
  /// No modem: nothing to reset.
  public mutating func resetModem() {}
}
