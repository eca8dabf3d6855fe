/// The 5x8 dots of one character cell, as the module lights them: a ROM
/// character, a CGRAM glyph, or either with the cursor over it.
///
/// Row 0 is the top; in each row bit 4 is the leftmost dot (the HD44780's
/// CGRAM convention). The eighth row is where the underline cursor shows.
public struct DotPattern: Sendable, Hashable {
  /// The eight rows packed into one word, the top row in the highest byte.
  public let packed: UInt64

  /// No dot lit.
  public static let blank = DotPattern(packed: 0)
  /// Every dot lit: the blink cursor's block, A00's 0xFF.
  public static let full = DotPattern(packed: 0x1F1F_1F1F_1F1F_1F1F)
  /// The underline cursor: the eighth row lit.
  public static let underline = DotPattern(packed: 0x1F)

  /// A pattern from its packed rows (bits beyond each row's five are dropped).
  public init(packed: UInt64) {
    self.packed = packed & 0x1F1F_1F1F_1F1F_1F1F
  }

  /// A pattern from eight rows, top first.
  public init(rows: InlineArray<8, UInt8>) {
    var packed: UInt64 = 0
    for row in 0..<8 { packed = packed << 8 | UInt64(rows[row] & 0x1F) }
    self.init(packed: packed)
  }

  /// One row (0 = top), bit 4 the leftmost dot.
  public func row(_ row: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: packed >> UInt64(8 * (7 - (row & 7)))) & 0x1F
  }

  /// Whether the dot at `row` (0–7, top first) and `column` (0–4, left
  /// first) is lit.
  public func isLit(row: Int, column: Int) -> Bool {
    self.row(row) >> UInt8(4 - column) & 1 == 1
  }

  /// Whether no dot is lit.
  public var isBlank: Bool { packed == 0 }

  /// The dots lit in either pattern (the cursor over a character).
  public func union(_ other: DotPattern) -> DotPattern {
    DotPattern(packed: packed | other.packed)
  }
}
