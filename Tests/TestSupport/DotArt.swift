/// 5x8 dot patterns drawn as text in tests, so an expected glyph reads like
/// the datasheet's table: `#` a dot on, `.` a dot off, one string per row
/// from the top, missing rows off.
public enum DotArt {
  /// The rows, bit 4 the leftmost dot.
  public static func rows(_ art: [String]) -> [UInt8] {
    var rows = [UInt8](repeating: 0, count: 8)
    for (index, line) in art.prefix(8).enumerated() {
      var bits: UInt8 = 0
      for character in line.prefix(5) { bits = bits << 1 | (character == "#" ? 1 : 0) }
      rows[index] = bits << UInt8(5 - Swift.min(line.count, 5))
    }
    return rows
  }

  /// The rows packed as `DotPattern.packed` stores them: the top row in the
  /// highest byte.
  public static func packed(_ art: [String]) -> UInt64 {
    rows(art).reduce(0) { $0 << 8 | UInt64($1) }
  }
}
