/// Which text field an editor screen edits.
public enum EditorKind: Sendable, Hashable {
  /// The message being written (kept as a draft when left).
  case message
  /// The multi-tap timeout setting, in milliseconds.
  case multitapTime
  /// The long-press time setting, in milliseconds.
  case longPressTime
  /// The owner's name.
  case ownerName
  /// The voice mailbox number.
  case voicemail
  /// A contact's name (nil: a new contact).
  case contactName(slot: Int?)
  /// A contact's number (index past the last: a new number).
  case contactNumber(slot: Int, index: Int)
  /// The answer to a USSD menu.
  case ussdAnswer

  /// The title shown above the field.
  public var title: String {
    switch self {
    case .message: "Message"
    case .multitapTime: "Multi-tap ms"
    case .longPressTime: "Long press ms"
    case .ownerName: "Owner name"
    case .voicemail: "Voicemail"
    case .contactName(let slot): slot == nil ? "New contact" : "Name"
    case .contactNumber: "Number"
    case .ussdAnswer: "Reply"
    }
  }

  /// The name scenarios check with `expect screen-name`.
  public var screenName: String {
    switch self {
    case .message: "compose"
    case .contactName, .contactNumber: "edit-contact"
    case .ussdAnswer: "ussd-answer"
    default: "edit-setting"
    }
  }
}
