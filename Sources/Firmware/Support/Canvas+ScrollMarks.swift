import CharacterLCD

extension Canvas {
  /// Marks a list's first visible row with ↑ when rows are hidden above,
  /// and its last with ↓ when rows are hidden below.
  mutating func writeScrollMarks(
    row: Int, offset: Int, rows: Int, index: Int, list: ListState, count: Int
  ) {
    if offset == 0 && list.top > 0 {
      self[row, geometry.columns - 1] = "↑"
    } else if offset == rows - 1 && index < count - 1 {
      self[row, geometry.columns - 1] = "↓"
    }
  }
}
