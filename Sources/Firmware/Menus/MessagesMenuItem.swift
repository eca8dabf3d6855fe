import MessageStore

/// The Messages menu.
public enum MessagesMenuItem: MenuItem {
  /// Opens the message editor on the draft.
  case write
  /// Messages received.
  case inbox
  /// Messages sent.
  case sent
  /// Messages waiting to be sent, or that could not be.
  case outbox
  /// Messages kept to finish later.
  case drafts
  /// Edits the voice mailbox number.
  case voicemail

  /// The row's text.
  public var title: String {
    switch self {
    case .write: "New message"
    case .inbox: "Inbox"
    case .sent: "Sent"
    case .outbox: "Outbox"
    case .drafts: "Drafts"
    case .voicemail: "Voicemail"
    }
  }

  /// Opens what the item names.
  func action(_ context: ScreenContext) -> ScreenAction {
    switch self {
    case .write: .push(.editor(EditorScreen(opening: .message, context)))
    case .inbox: .push(.messages(MessageListScreen(.inbox, context)))
    case .sent: .push(.messages(MessageListScreen(.sent, context)))
    case .outbox: .push(.messages(MessageListScreen(.outbox, context)))
    case .drafts: .push(.messages(MessageListScreen(.drafts, context)))
    case .voicemail: .push(.editor(EditorScreen(opening: .voicemail, context)))
    }
  }
}
