import SystemLayer

/// What a look at the glass found: the watchdog's question to a display
/// driver, answered from what the display itself reports (an HD44780's
/// RAM read back through the backpack, what LCDd acknowledged).
public enum GlassCheck: Sendable, Hashable {
  /// The part looked at shows the newest frame.
  case matches
  /// A cell holds another character code than the frame's (0-based).
  case cellDiffers(row: Int, column: Int, shown: UInt8, expected: UInt8)
  /// A custom glyph's pixel row differs from the frame's (0-based).
  case glyphDiffers(slot: Int, row: Int)
  /// LCDd was sent a row it has not acknowledged as the frame's.
  case rowDiffers(row: Int)
  /// LCDd refused a command (`huh?`) since the last look.
  case refused
  /// Reading failed; the driver re-initialises and redraws at its next
  /// service, as after any bus error.
  case unreadable(Errno)
  /// Nothing to compare now: no frame yet, the bus is failing (the driver
  /// is already retrying), or the newest frame is still on its way.
  case unchecked

  /// Whether the glass needs a repair.
  public var isWrong: Bool {
    switch self {
    case .cellDiffers, .glyphDiffers, .rowDiffers, .refused: true
    case .matches, .unreadable, .unchecked: false
    }
  }

  /// What was found, for the repair's log line (1-based rows and columns).
  public var description: String {
    switch self {
    case .matches: "glass matches"
    case .cellDiffers(let row, let column, let shown, let expected):
      "glass differs at row \(row + 1) col \(column + 1) (0x\(Self.hex(shown)), not 0x\(Self.hex(expected)))"
    case .glyphDiffers(let slot, let row):
      "glyph \(slot) differs in pixel row \(row + 1)"
    case .rowDiffers(let row): "LCDd has not acknowledged row \(row + 1)"
    case .refused: "LCDd refused a command"
    case .unreadable(let errno): "glass unreadable: \(errno)"
    case .unchecked: "glass not checked"
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits: [Character] = [
      "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F",
    ]
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }
}
