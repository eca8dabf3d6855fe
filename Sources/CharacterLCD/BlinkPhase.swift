/// Which half of its cycle a blinking cursor is in. The HD44780 alternates
/// the cursor's cell between every dot on and the character, about every
/// 0.4 s; a picture shows one of the two.
public enum BlinkPhase: String, Sendable, Hashable, CaseIterable {
  /// Every dot of the cell on.
  case block
  /// The character, as if there were no cursor.
  case character
}
