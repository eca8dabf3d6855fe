import Board
import CharacterLCD
import Diagnostics
import DisplayDriver

/// What runs on a display chosen at run time (`--display`):
/// `DisplayOutput.open` calls `use` with the maker of that display, so the
/// run is generic over the display's type — specialised, never an
/// existential.
public protocol DisplayUser {
  /// Runs with displays that `make` opens for an LCD of a geometry,
  /// logging to a log.
  func use<Screen: Display>(_ make: (LCDGeometry, Log) -> Screen) throws
}

extension DisplayOutput {
  /// Runs `user` on the display `spec` names, on the real system calls.
  /// Devices open at the first frame.
  public static func open<User: DisplayUser>(_ spec: DisplaySpec, for user: User) throws {
    try user.use { geometry, log in display(spec, geometry: geometry, log: log) }
  }
}
