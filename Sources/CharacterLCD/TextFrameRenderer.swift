/// Renders a frame as text: exactly what the glass shows, row by row, as
/// Unicode (custom glyphs as the characters they stand for).
public enum TextFrameRenderer {
  /// The rows of the frame.
  public static func rows(of frame: LCDFrame) -> [String] {
    (0..<frame.geometry.rows).map { row(row: $0, of: frame) }
  }

  /// One row of the frame.
  public static func row(row: Int, of frame: LCDFrame) -> String {
    var text = ""
    for column in 0..<frame.geometry.columns {
      text.unicodeScalars.append(frame.character(row: row, column: column))
    }
    return text
  }

  /// The frame as `|row|` lines, the form scenarios and replays use.
  public static func boxed(_ frame: LCDFrame) -> String {
    rows(of: frame).map { "|\($0)|" }.joined(separator: "\n")
  }
}
