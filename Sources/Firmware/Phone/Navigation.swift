/// A change to the navigation stack that a screen asks for.
public enum Navigation {
  /// The stack stays as it is.
  case stay
  /// A screen opens over the current one.
  case push(Screen)
  /// The top `count` screens close.
  case pop(Int)
  /// The top screen closes and another opens in its place.
  case replace(Screen)
  /// The top `count` screens close and another opens in their place.
  case popAndPush(Int, Screen)
  /// Every screen but idle closes.
  case idle
}
