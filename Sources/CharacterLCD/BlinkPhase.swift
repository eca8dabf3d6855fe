/// Which half of its cycle a blinking cursor is in. The HD44780 alternates
/// the cursor's cell between every dot on and the character, about every
/// 0.4 s; a picture shows one of the two.
public enum BlinkPhase: String, Sendable, Hashable, CaseIterable {
  /// Every dot of the cell on.
  case block
  /// The character, as if there were no cursor.
  case character

  /// How long each half of the cycle lasts: 409.6 ms with the controller's
  /// clock at 250 kHz (the HD44780U datasheet, display on/off control).
  public static var halfCycleMicroseconds: Int64 { 409_600 }

  /// The phase `microseconds` after the cursor started blinking, the block
  /// first.
  public init(microsecondsBlinking microseconds: Int64) {
    self = (microseconds / BlinkPhase.halfCycleMicroseconds) % 2 == 0 ? .block : .character
  }
}
