import CharacterLCD
import Diagnostics
import DisplayDriver

/// The fixed parts of the LCDd target: its keymap, log and frames.
enum ReplyFixtures {
  /// `Keymaps/lcdproc.keymap`'s keys, and one long press.
  static let keymap = LCDprocKeymap(
    name: "fuzz",
    mappings: [
      .init(name: "Up", key: .up), .init(name: "Down", key: .down),
      .init(name: "Enter", key: .ok), .init(name: "Escape", key: .back),
      .init(name: "1", key: .one), .init(name: "#", key: .hash),
      .init(name: "F1", key: .zero, long: true),
    ])

  /// Every record is formatted (so a message built from LCDd's bytes is
  /// exercised) and dropped.
  static let log = Log(minimumLevel: .trace) { record in _ = record.message.utf8.count }

  /// A canvas that changes with `round`: text, the cursor and the
  /// backlight.
  static func canvas(_ geometry: LCDGeometry, _ round: Int) -> Canvas {
    var canvas = Canvas(geometry: geometry)
    for row in 0..<geometry.rows {
      _ = canvas.write("r\(row) \(round / 3) é€", row: row)
    }
    canvas.cursor = CursorPosition(row: round % geometry.rows, column: round % geometry.columns)
    canvas.cursorStyle = CursorStyle.allCases[round % CursorStyle.allCases.count]
    canvas.backlight = round % 7 != 0
    return canvas
  }
}
