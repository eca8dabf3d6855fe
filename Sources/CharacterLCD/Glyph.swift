/// A custom 5x8 character for the HD44780's CGRAM, with the Unicode character
/// it stands for.
public struct Glyph: Sendable, Hashable {
  /// The Unicode character the glyph draws; text frames show this.
  public let character: Unicode.Scalar
  /// Eight pixel rows, top first; bit 4 is the leftmost pixel.
  public let rows: InlineArray<8, UInt8>
  /// What to show when no CGRAM slot is free.
  public let fallback: Unicode.Scalar

  /// Creates a glyph from its eight pixel rows.
  public init(_ character: Unicode.Scalar, fallback: Unicode.Scalar, rows: [UInt8]) {
    self.character = character
    self.fallback = fallback
    var bitmap = InlineArray<8, UInt8>(repeating: 0)
    for (index, row) in rows.prefix(8).enumerated() { bitmap[index] = row & 0x1F }
    self.rows = bitmap
  }

  /// Glyphs are equal when they stand for the same character with the same pixels.
  public static func == (lhs: Glyph, rhs: Glyph) -> Bool {
    guard lhs.character == rhs.character, lhs.fallback == rhs.fallback else { return false }
    for index in 0..<8 where lhs.rows[index] != rhs.rows[index] { return false }
    return true
  }

  /// Hashes the character and the pixels.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(character)
    for index in 0..<8 { hasher.combine(rows[index]) }
  }
}
