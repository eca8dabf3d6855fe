import CharacterLCD
import Firmware

/// What the page tells a screen reader: the glass's rows as text, then
/// the focused field's input mode and text, when a field is focused.
public enum PageText {
  /// `frame`'s rows, one a line, then `mode …` and `text …` lines for
  /// `phone`'s focused field.
  public static func lines(of frame: LCDFrame, phone: borrowing Phone) -> String {
    var text = ""
    for row in TextFrameRenderer.rows(of: frame) { text += row + "\n" }
    if let mode = phone.modeIndicator { text += "mode \(mode)\n" }
    if let field = phone.focusedText { text += "text \(field)\n" }
    return text
  }
}
