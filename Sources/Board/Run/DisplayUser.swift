import CharacterLCD
import Diagnostics
import DisplayDriver

/// What runs on a display chosen at run time (`--display`):
/// `DisplayOutput.open` calls `use` with the maker of that display, so the
/// run is generic over the display's type — specialised, never an
/// existential.
public protocol DisplayUser {
  /// What a run can fail with.
  associatedtype Failure: Error
  /// Runs with displays that `make` opens for an LCD of a geometry,
  /// logging to a log.
  func use<Screen: Display>(_ make: (LCDGeometry, Log) -> Screen) throws(Failure)
}
