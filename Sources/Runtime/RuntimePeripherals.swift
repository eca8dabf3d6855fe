import CharacterLCD
import ContactBook
import Supervision
import Vocabulary

/// What surrounds a running phone besides its supervisor's view of it
/// (`SupervisedPeripherals`: the display, the keypad's own key state, the
/// book's retries): the contact book's file the phone's changes go to at
/// once, and the counts only the devices see.
public protocol RuntimePeripherals: SupervisedPeripherals {
  /// Writes the contact-book records the phone changed (a write that
  /// fails is kept for the watchdog's retry).
  mutating func writeBook(_ writes: [BookWrite])
  /// Display errors and recoveries, keypad resyncs, keys dropped on the
  /// way: this run's, for the statistics.
  var figures: RunFigures { get }
  /// The frame the phone's screen shows last (its cursor and backlight,
  /// for the state lines), nil before the first.
  var lastFrame: LCDFrame? { get }
}
