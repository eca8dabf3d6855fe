/// The message editor's options.
public enum MessageOptionItem: MenuItem {
  /// Sends the message: to the number it answers, else to a number or
  /// contact chosen next.
  case send
  /// Keeps the message in drafts and empties the editor.
  case saveDraft
  /// Closes the editor, keeping the draft.
  case exitEditor
  /// Empties the message.
  case clearText

  /// The row's text.
  public var title: String {
    switch self {
    case .send: "Send"
    case .saveDraft: "Save to drafts"
    case .exitEditor: "Exit editor"
    case .clearText: "Clear text"
    }
  }

  /// The options close and the editor below does what was chosen.
  func action() -> ScreenAction {
    switch self {
    case .send: ScreenAction(.pop(1), command: .send)
    case .saveDraft: ScreenAction(.pop(1), command: .saveDraft)
    case .exitEditor: ScreenAction(.pop(2))
    case .clearText: ScreenAction(.pop(1), command: .clear)
    }
  }
}
