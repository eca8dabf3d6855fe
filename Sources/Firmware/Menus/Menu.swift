import TextEntry

/// The menus, settings lists and choices, each with its typed items.
public enum Menu: Sendable, Hashable {
  /// Messages, Contacts, Settings.
  case main
  /// Write message, Inbox, Sent, Outbox, Drafts, Voicemail.
  case messages
  /// The settings list.
  case settings
  /// What can be done with a contact (nil: from an empty list); `number`
  /// is the number highlighted on the card it was opened from, if any.
  case contactOptions(slot: Int?, number: Int, fromCard: Bool)
  /// "Delete <name>?": 1 Yes, 2 No.
  case confirmDelete(slot: Int, fromCard: Bool)
  /// The message editor's options.
  case messageOptions
  /// What can be done with the message being read.
  case readOptions(id: UInt32)
  /// What can be done with a message in the outbox.
  case outboxOptions(id: UInt32)
  /// A field editor's options.
  case fieldOptions
  /// The default input mode.
  case inputMode
  /// The typing language.
  case language

  /// The title shown on the list's first row.
  public var title: String {
    switch self {
    case .main: "Menu"
    case .messages: "Messages"
    case .contactOptions, .messageOptions, .fieldOptions, .readOptions, .outboxOptions: "Options"
    case .confirmDelete: "Delete?"
    case .settings: "Settings"
    case .inputMode: "Input mode"
    case .language: "Language"
    }
  }

  /// The name scenarios check with `expect screen-name`.
  public var screenName: String {
    switch self {
    case .main: "menu"
    case .messages: "messages"
    case .contactOptions: "contact-options"
    case .confirmDelete: "confirm"
    case .settings: "settings"
    case .inputMode, .language: "choose"
    case .messageOptions, .fieldOptions: "options"
    case .readOptions, .outboxOptions: "message-options"
    }
  }

  /// How many items the menu has.
  public var count: Int {
    switch self {
    case .main: MainMenuItem.allCases.count
    case .messages: MessagesMenuItem.allCases.count
    case .settings: SettingsMenuItem.allCases.count
    case .contactOptions(let slot, _, _): slot == nil ? 1 : ContactOptionItem.allCases.count
    case .confirmDelete: ConfirmItem.allCases.count
    case .messageOptions: MessageOptionItem.allCases.count
    case .readOptions: ReadOptionItem.allCases.count
    case .outboxOptions: OutboxOptionItem.allCases.count
    case .fieldOptions: FieldOptionItem.allCases.count
    case .inputMode: InputModeChoice.allCases.count
    case .language: Language.allCases.count
    }
  }

  /// The text of the item at `position`.
  public func title(at position: Int) -> String {
    switch self {
    case .main: MainMenuItem.at(position)?.title ?? ""
    case .messages: MessagesMenuItem.at(position)?.title ?? ""
    case .settings: SettingsMenuItem.at(position)?.title ?? ""
    case .contactOptions: ContactOptionItem.at(position)?.title ?? ""
    case .confirmDelete: ConfirmItem.at(position)?.title ?? ""
    case .messageOptions: MessageOptionItem.at(position)?.title ?? ""
    case .readOptions: ReadOptionItem.at(position)?.title ?? ""
    case .outboxOptions: OutboxOptionItem.at(position)?.title ?? ""
    case .fieldOptions: FieldOptionItem.at(position)?.title ?? ""
    case .inputMode: InputModeChoice.at(position)?.title ?? ""
    case .language: Language.at(position)?.title ?? ""
    }
  }

  /// Does what the item at `position` says.
  func select(_ position: Int, _ context: inout ScreenContext) -> ScreenAction {
    guard position >= 0 && position < count else { return .none }
    switch self {
    case .main: return MainMenuItem.at(position)?.action() ?? .none
    case .messages: return MessagesMenuItem.at(position)?.action(context) ?? .none
    case .settings: return SettingsMenuItem.at(position)?.action(context) ?? .none
    case .contactOptions(let slot, let number, let fromCard):
      return ContactOptionItem.at(position)?
        .action(slot: slot, number: number, fromCard: fromCard, &context) ?? .none
    case .confirmDelete(let slot, let fromCard):
      return ConfirmItem.at(position)?.action(slot: slot, fromCard: fromCard, &context) ?? .none
    case .messageOptions: return MessageOptionItem.at(position)?.action() ?? .none
    case .readOptions(let id): return ReadOptionItem.at(position)?.action(id: id, &context) ?? .none
    case .outboxOptions(let id):
      return OutboxOptionItem.at(position)?.action(id: id, &context) ?? .none
    case .fieldOptions: return FieldOptionItem.at(position)?.action() ?? .none
    case .inputMode: return InputModeChoice.at(position)?.action(&context) ?? .none
    case .language: return Language.at(position)?.action(&context) ?? .none
    }
  }
}
