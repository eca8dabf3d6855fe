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
    var lines: [String] = []
    let border = String(repeating: "─", count: geometry.columns)
    lines.append("┌\(border)┐")
    for row in 0..<geometry.rows {
      var line = "│" + glass
      for column in 0..<geometry.columns {
        let character = String(frame.character(row: row, column: column))
        if frame.cursor == CursorPosition(row: row, column: column) {
          switch frame.cursorStyle {
          case .off: line += character
          case .underline: line += "\(escape)4m\(character)\(escape)24m"
          case .blink: line += "\(escape)7m\(character)\(escape)27m"
          }
        } else {
          line += character
        }
      }
      lines.append(line + reset + "│")
    }
    lines.append("└\(border)┘")
    lines.append(contentsOf: status)
    let height = Swift.max(lines.count, legend.count)
    var output = "\(escape)H"
    for index in 0..<height {
      var line =
        index < lines.count ? lines[index] : String(repeating: " ", count: geometry.columns + 2)
      if index >= lines.count - status.count && index < lines.count {
        line = lines[index]
      }
      if index < legend.count {
        let visible = index < lines.count - status.count ? geometry.columns + 2 : visibleWidth(line)
        let pad = Swift.max(1, geometry.columns + 5 - visible)
        line += String(repeating: " ", count: pad) + legend[index]
      }
      output += line + "\(escape)K\r\n"
    }
    return output + "\(escape)J"
  }

  private static func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        width += 1
      }
    }
    return width
  }
}
