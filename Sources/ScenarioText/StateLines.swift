import CharacterLCD
import Firmware
import MessageStore
import Vocabulary

/// The phone's state beside its rows, as lines a hardware harness reads:
/// `t9phone run --report-state` prints them for the running phone, and a
/// plan's `expect-state` lines say what a scenario expects of them
/// (`StateLines.line(for:)`, beside the scenario language). One
/// formatter serves both sides, so the harness compares bytes.
///
/// `screen NAME`; `text "…"` or `text none` (no field focused); `mode "…"`
/// or `mode none`; `cursor ROW COL STYLE` (1-based) or `cursor off`;
/// `backlight on` or `backlight off`; `inbox N` and `unread N`, the
/// messages the inbox holds and how many are unread; `call STATE` (`idle`,
/// `dialing`, `ringing`, `active`, `incoming`) and `missed N`, the calls
/// missed and not yet seen. Strings are quoted as in a scenario
/// (`FlightReportWriter.literal`).
public enum StateLines {
  /// The state of `phone` while the display shows `frame`.
  public static func lines(of phone: borrowing Phone, frame: LCDFrame) -> [String] {
    [
      "screen \(phone.screenName)",
      "text \(phone.focusedText.map(FlightReportWriter.literal) ?? "none")",
      "mode \(phone.modeIndicator.map(FlightReportWriter.literal) ?? "none")",
      cursor(frame.cursor.map { ($0.row + 1, $0.column + 1) }, style: frame.cursorStyle),
      "backlight \(frame.backlight ? "on" : "off")",
      "inbox \(phone.messages.inboxCount)",
      "unread \(phone.messages.unreadCount)",
      "call \(phone.callState.name)",
      "missed \(phone.missedCalls)",
    ]
  }

  /// `cursor ROW COL STYLE`, `cursor ROW COL` (no style) or `cursor off`
  /// (rows and columns 1-based).
  public static func cursor(_ cell: (row: Int, column: Int)?, style: CursorStyle?) -> String {
    guard let cell else { return "cursor off" }
    guard let style else { return "cursor \(cell.row) \(cell.column)" }
    return "cursor \(cell.row) \(cell.column) \(style.rawValue)"
  }
}
