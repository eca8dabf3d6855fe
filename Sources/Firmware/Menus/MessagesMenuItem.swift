/// The Messages menu.
public enum MessagesMenuItem: MenuItem {
  /// Opens the message editor on the draft.
  case newMessage
  /// Edits the voice mailbox number.
  case voicemail

  /// The row's text.
  public var title: String {
    switch self {
    case .newMessage: "New message"
    case .voicemail: "Voicemail"
    }
  }

  /// Opens the editor the item names.
  func action(_ context: ScreenContext) -> ScreenAction {
    switch self {
    case .newMessage: .push(.editor(EditorScreen(opening: .message, context)))
    case .voicemail: .push(.editor(EditorScreen(opening: .voicemail, context)))
    }
  }
}
