import CharacterLCD
import Vocabulary

/// No display (`--display none`): takes every frame and shows nothing,
/// always up to date, with no glass to check.
public struct NoDisplay: ImmediateDisplay {
  /// Nowhere.
  public init() {}

  /// Drops `frame`.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {}
}
