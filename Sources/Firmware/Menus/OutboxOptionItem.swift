import Diagnostics
import MessageStore

/// What can be done with a message in the outbox.
public enum OutboxOptionItem: MenuItem {
  /// Queues its failed parts again.
  case sendAgain
  /// Opens its text in the message editor (it leaves the outbox).
  case edit
  /// Deletes it.
  case delete

  /// The row's text.
  public var title: String {
    switch self {
    case .sendAgain: "Send again"
    case .edit: "Edit"
    case .delete: "Delete"
    }
  }

  /// Does it to message `id`.
  func action(id: UInt32, _ context: inout ScreenContext) -> ScreenAction {
    switch self {
    case .sendAgain:
      context.services.messages.retry(id: id)
      guard context.services.networkReady else {
        return ScreenAction(.pop(2), notice: "Not sent: in outbox")
      }
      context.services.sending = id
      return ScreenAction(.pop(2), notice: "Sending...")
    case .edit:
      MessageScreen.takeIntoDraft(id, &context)
      return ScreenAction(.popAndPush(2, .editor(EditorScreen(opening: .message, context))))
    case .delete:
      context.services.messages.delete(id: id)
      context.log(.info, LogTag("messages", "store"), "message \(id) deleted")
      return ScreenAction(.pop(2), notice: "Deleted")
    }
  }
}
