import Diagnostics
import MessageStore
import SMS
import TextEntry

/// What can be done with a message being read.
public enum ReadOptionItem: MenuItem {
  /// Writes a message to the sender.
  case reply
  /// Calls the sender.
  case call
  /// Writes the message's text to someone else.
  case forward
  /// Deletes the message.
  case delete
  /// Adds the sender's number to the contacts.
  case saveNumber

  /// The row's text.
  public var title: String {
    switch self {
    case .reply: "Reply"
    case .call: "Call"
    case .forward: "Forward"
    case .delete: "Delete"
    case .saveNumber: "Save number"
    }
  }

  /// Does it to message `id`.
  func action(id: UInt32, _ context: inout ScreenContext) -> ScreenAction {
    guard let summary = context.services.messages.summary(id: id) else { return .pop }
    let address = summary.address
    switch self {
    case .reply:
      guard address.kind != .alphanumeric else { return .notice("Cannot reply") }
      context.services.recipient = address
      return ScreenAction(.replace(.editor(EditorScreen(opening: .message, context))))
    case .call:
      guard address.kind != .alphanumeric else { return .notice("No number") }
      return ScreenAction(.replace(CallingScreen.dial(address.text, slot: nil, &context)))
    case .forward:
      var text: [Unicode.Scalar] = []
      context.services.messages.text(of: id, into: &text)
      context.services.recipient = nil
      _ = context.services.draft.setText(String(String.UnicodeScalarView(text)))
      return ScreenAction(.replace(.editor(EditorScreen(opening: .message, context))))
    case .delete:
      context.services.messages.delete(id: id)
      context.log(.info, LogTag("messages", "store"), "message \(id) deleted")
      return ScreenAction(.pop(2), notice: "Deleted")
    case .saveNumber:
      guard address.kind != .alphanumeric else { return .notice("No number") }
      context.services.numberToSave = address.text
      return ScreenAction(
        .replace(.editor(EditorScreen(contactName: nil, text: "", context))))
    }
  }
}
