import CharacterLCD
import DisplayDriver

/// A display whose far end is simulated: the firmware's frames go through
/// a real driver's code onto a simulated peer, and what the peer then shows
/// is the glass — checked by `expect glass`, drawn by the simulator —
/// independent of the firmware's own frame. The I2C driver on a simulated
/// PCF8574 backpack and module (`SimulatedModule`) and
/// the LCDd client on a simulated LCDd (`SimulatedLCDdDisplay`) are the two.
public protocol SimulatedDisplay: Display {
  /// What the peer shows, row by row, as text.
  var rows: [String] { get }
  /// What the module shows as a frame; nil for a peer that shows text
  /// (LCDd).
  var glass: LCDFrame? { get }
  /// Whether the peer shows `frame` as its driver should: a module the same
  /// codes, glyph pixels, cursor and backlight; LCDd the same rows in its
  /// character set.
  func shows(_ frame: LCDFrame) -> Bool
  /// What the peer should show for `frame`, row by row.
  func expectedRows(for frame: LCDFrame) -> [String]
  /// Does `fault` to the peer.
  mutating func inject(_ fault: PeerFault)
}
