import CharacterLCD
import Vocabulary

/// A place the firmware's frames go: an HD44780 on an I2C backpack, LCDd,
/// the terminal, text blocks on a serial console, or nowhere.
///
/// A display never blocks and never fails the phone: it takes the newest
/// frame, sends what it can, and says when it needs the clock again (a
/// retry, a reconnect, a reply). Drivers are generic over their system
/// calls and users generic over the display, never existentials, so the
/// core compiles as Embedded Swift.
public protocol Display {
  /// Takes the newest frame, drawn at `now`: sent at once if the device can
  /// take it, else kept for `service(at:)`.
  mutating func show(_ frame: LCDFrame, at now: Instant)
  /// When the display next needs `service(at:)`, if ever.
  var nextDeadline: Instant? { get }
  /// Does what is due at `now`: retries, reconnects, reads replies.
  mutating func service(at now: Instant)
  /// What the display says about itself.
  var health: PeripheralHealth { get }
  /// How many looks a whole check of the glass takes.
  var glassParts: Int { get }
  /// Looks at part `part` (of `glassParts`) of the glass, as the device
  /// can tell it: a module's RAM read back, what LCDd acknowledged.
  mutating func checkGlass(part: Int) -> GlassCheck
  /// Re-initialises the device and draws the newest frame whole (the
  /// watchdog's repair of a wrong glass).
  mutating func redraw(at now: Instant)
  /// Closes the device's descriptors and connections.
  mutating func close()
  /// Lines about the run (the screen's name, the keypad) to draw beside
  /// the next frames, on a display with room for them (the terminal);
  /// the others ignore them.
  mutating func showStatus(_ lines: [String])
}

extension Display {
  /// A display with no room for status lines ignores them.
  public mutating func showStatus(_ lines: [String]) {}
}
