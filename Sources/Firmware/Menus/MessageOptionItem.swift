/// The message editor's options.
public enum MessageOptionItem: MenuItem {
  /// Closes the editor, keeping the draft.
  case exitEditor
  /// Empties the message.
  case clearText

  /// The row's text.
  public var title: String {
    switch self {
    case .exitEditor: "Exit editor"
    case .clearText: "Clear text"
    }
  }

  /// The options close and the editor below does what was chosen.
  func action() -> ScreenAction {
    switch self {
    case .exitEditor: ScreenAction(.pop(2))
    case .clearText: ScreenAction(.pop(1), command: .clear)
    }
  }
}
