/// Renders a frame for a terminal: a framed LCD drawn in place with ANSI
/// escape sequences, the cursor cell marked, and a legend beside it.
///
/// Pure: it returns the text; the executable writes it.
public enum ANSIRenderer {
  private static let escape = "\u{1B}["

  /// Escape sequences that clear the terminal and hide its own cursor.
  public static let enter = "\u{1B}[?25l\u{1B}[2J"
  /// Escape sequences that restore the terminal's cursor.
  public static let leave = "\u{1B}[0m\u{1B}[?25h\n"

  /// The frame drawn from the terminal's top-left corner, with `legend` lines
  /// to the right of it and `status` lines below.
  public static func render(_ frame: LCDFrame, legend: [String] = [], status: [String] = [])
    -> String
  {
    let geometry = frame.geometry
    let glass = frame.backlight ? "\(escape)30;102m" : "\(escape)37;42m"
    let reset = "\(escape)0m"
    let frameWidth = geometry.columns + 2
    // The left column: each line with its visible width (escapes excluded).
    var left: [(text: String, width: Int)] = []
    let border = String(repeating: "─", count: geometry.columns)
    left.append(("┌\(border)┐", frameWidth))
    for row in 0..<geometry.rows {
      var line = "│" + glass
      for column in 0..<geometry.columns {
        let character = String(frame.character(row: row, column: column))
        guard frame.cursor == CursorPosition(row: row, column: column) else {
          line += character
          continue
        }
        switch frame.cursorStyle {
        case .off: line += character
        case .underline: line += "\(escape)4m\(character)\(escape)24m"
        case .blink: line += "\(escape)7m\(character)\(escape)27m"
        }
      }
      left.append((line + reset + "│", frameWidth))
    }
    left.append(("└\(border)┘", frameWidth))
    for line in status { left.append((line, line.unicodeScalars.count)) }
    var output = "\(escape)H"
    for index in 0..<Swift.max(left.count, legend.count) {
      var line = ""
      var width = 0
      if index < left.count { (line, width) = left[index] }
      if index < legend.count {
        line += String(repeating: " ", count: Swift.max(1, frameWidth + 3 - width)) + legend[index]
      }
      output += line + "\(escape)K\r\n"
    }
    return output + "\(escape)J"
  }
}
