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

  /// The name scenarios check with `expect screen-name`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .list(let kind, _): kind.screenName
    case .editor(.message): "compose"
    case .editor: "edit-setting"
    case .symbols: "symbols"
    }
  }
}
