/// What holding a key down means.
public enum HoldPolicy: Sendable, Hashable {
  /// Holding has no meaning: the key is a tap when released, however long.
  case none
  /// Holding to the threshold is a long press, and nothing more.
  case longPress
  /// A long press, then a repeat every repeat interval while held (the
  /// 12-key backspace, scrolling).
  case longPressThenRepeat
}
