/// One entry of the navigation stack.
public enum Screen: Sendable, Hashable {
  /// Product (or owner) name, clock, soft keys.
  case idle
  /// A menu, settings list or choice.
  case list(ListKind, ListState)
  /// A text editor: the message, or a setting's field.
  case editor(EditorKind)
  /// The symbol table over the editor below it.
  case symbols(SymbolTableState)
  /// The contact list, filtered live by T9 digits.
  case contacts(ListState)
  /// One contact: name and numbers.
  case contact(slot: Int, ListState)
  /// The dialer: the number typed and the best matches.
  case dialer(ListState)
  /// A call in progress, to a contact (slot) or the number typed.
  case calling(slot: Int?)

  /// The name scenarios check with `expect screen-name`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .list(let kind, _): kind.screenName
    case .editor(.message): "compose"
    case .editor(.contactName), .editor(.contactNumber): "edit-contact"
    case .editor: "edit-setting"
    case .symbols: "symbols"
    case .contacts: "contacts"
    case .contact: "contact"
    case .dialer: "dialer"
    case .calling: "calling"
    }
  }
}
