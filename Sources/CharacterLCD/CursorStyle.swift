/// How the HD44780 shows its cursor.
public enum CursorStyle: String, Sendable, Hashable, CaseIterable {
  /// No cursor.
  case off
  /// An underline under the cell (the 8th pixel row).
  case underline
  /// The whole cell blinks.
  case blink
}
