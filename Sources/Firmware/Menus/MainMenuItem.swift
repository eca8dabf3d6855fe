/// The main menu.
public enum MainMenuItem: MenuItem {
  /// The Messages menu.
  case messages
  /// The contact list.
  case contacts
  /// The settings list.
  case settings
  /// The call log.
  case calls

  /// The row's text.
  public var title: String {
    switch self {
    case .messages: "Messages"
    case .contacts: "Contacts"
    case .calls: "Calls"
    case .settings: "Settings"
    }
  }

  /// Opens what the item names.
  func action() -> ScreenAction {
    switch self {
    case .messages: .push(.menu(MenuScreen(.messages)))
    case .contacts: .push(.contacts(ContactsScreen()))
    case .calls: .push(.calls(CallLogScreen()))
    case .settings: .push(.menu(MenuScreen(.settings)))
    }
  }
}
