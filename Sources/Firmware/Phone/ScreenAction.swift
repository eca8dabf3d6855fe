/// What a screen asks the phone to do after a gesture: move through the
/// navigation stack, show a notice, and hand a command to the screen that is
/// on top afterwards (an editor below the symbol table or its options).
public struct ScreenAction {
  /// How the navigation stack changes.
  public var navigation: Navigation
  /// A notice to show once the stack has changed.
  public var notice: String?
  /// A command for the screen on top once the stack has changed.
  public var command: EditorCommand?

  /// An action; by default the screen stays and nothing else happens.
  public init(
    _ navigation: Navigation = .stay, notice: String? = nil, command: EditorCommand? = nil
  ) {
    self.navigation = navigation
    self.notice = notice
    self.command = command
  }

  /// Nothing to do.
  public static var none: ScreenAction { ScreenAction() }
  /// Closes the screen.
  public static var pop: ScreenAction { ScreenAction(.pop(1)) }

  /// Opens `screen` over this one.
  public static func push(_ screen: Screen) -> ScreenAction { ScreenAction(.push(screen)) }

  /// Closes this screen and opens `screen` in its place.
  public static func replace(_ screen: Screen) -> ScreenAction { ScreenAction(.replace(screen)) }

  /// Stays, showing `text`.
  public static func notice(_ text: String) -> ScreenAction { ScreenAction(notice: text) }
}
