import CharacterLCD
import Firmware
import Vocabulary

/// Frames as text, one line each, so a replay's frames from two builds (the
/// native one and the WebAssembly module) compare byte for byte: the time
/// in microseconds, the cursor (`-` when none, else `ROW,COLUMN`), its
/// style, the backlight, the display's codes and the CGRAM's 64 bytes in
/// hex.
public enum FrameDump {
  /// The line of `recorded`.
  public static func line(_ recorded: RecordedFrame) -> String {
    let frame = recorded.frame
    var line = String(recorded.time.microseconds) + " "
    if let cursor = frame.cursor {
      line += String(cursor.row) + "," + String(cursor.column)
    } else {
      line += "-"
    }
    line += " " + style(frame.cursorStyle) + " " + (frame.backlight ? "on" : "off") + " "
    let geometry = frame.geometry
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns { hex(frame[row, column], into: &line) }
    }
    line += " "
    for slot in 0..<8 {
      for row in 0..<8 { hex(frame.glyphRow(slot: slot, row: row), into: &line) }
    }
    return line
  }

  private static func style(_ style: CursorStyle) -> String {
    switch style {
    case .off: "off"
    case .underline: "underline"
    case .blink: "blink"
    }
  }

  private static let digits: [Unicode.Scalar] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f",
  ]

  private static func hex(_ byte: UInt8, into text: inout String) {
    text.unicodeScalars.append(digits[Int(byte >> 4)])
    text.unicodeScalars.append(digits[Int(byte & 0x0F)])
  }
}
