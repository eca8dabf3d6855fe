/// What the watchdog repaired: the tag of its log line and the label of
/// its counters.
public enum RepairKind: String, Sendable, CaseIterable, Hashable {
  /// The glass did not show the frame: the module was re-initialised and
  /// redrawn.
  case lcd
  /// The focused editor's text, cursor and composition disagreed: the
  /// composition was closed into plain text.
  case editor
  /// The navigation stack was broken: the phone went back to the idle
  /// screen.
  case stack
  /// The firmware held a key the device says is up: it was released.
  case keypad
  /// The input clock jumped: key edges were re-based onto the firmware's
  /// clock.
  case clock
  /// Contact-book writes were not on disk: they were written again.
  case book
  /// The modem stayed unreachable although its driver kept trying: its
  /// line was closed and opened again, and the modem set up afresh.
  case modem

  /// The kind's position, for fixed-size counters.
  public var index: Int {
    switch self {
    case .lcd: 0
    case .editor: 1
    case .stack: 2
    case .keypad: 3
    case .clock: 4
    case .book: 5
    case .modem: 6
    }
  }
}
