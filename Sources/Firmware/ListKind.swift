import TextEntry

/// The lists the firmware shows: menus, settings and choices.
public enum ListKind: Sendable, Hashable {
  /// The main menu: Messages, Contacts, Settings.
  case mainMenu
  /// The Messages menu.
  case messages
  /// What can be done with a contact (nil: from an empty list).
  case contactOptions(slot: Int?)
  /// "Delete <name>?": 1 Yes, 2 No.
  case confirmDelete(slot: Int)
  /// The settings list.
  case settings
  /// The choice of default input mode.
  case inputModeChoice
  /// The choice of typing language.
  case languageChoice
  /// The options of an editor (reached with `ok`, the left soft key, or
  /// hold `*` then `0`).
  case editorOptions(EditorKind)

  /// The title shown on the list's first row.
  public var title: String {
    switch self {
    case .mainMenu: "Menu"
    case .messages: "Messages"
    case .contactOptions: "Options"
    case .confirmDelete: "Delete?"
    case .settings: "Settings"
    case .inputModeChoice: "Input mode"
    case .languageChoice: "Language"
    case .editorOptions: "Options"
    }
  }

  /// The name scenarios check with `expect screen-name`.
  public var screenName: String {
    switch self {
    case .mainMenu: "menu"
    case .messages: "messages"
    case .contactOptions: "contact-options"
    case .confirmDelete: "confirm"
    case .settings: "settings"
    case .inputModeChoice, .languageChoice: "choose"
    case .editorOptions: "options"
    }
  }

  /// The items, in order; digits 1–9 pick them by position.
  public var items: [String] {
    switch self {
    case .mainMenu: ListKind.mainMenuItems
    case .messages: ListKind.messagesItems
    case .contactOptions(let slot): slot == nil ? ListKind.newContactItems : ListKind.contactItems
    case .confirmDelete: ListKind.confirmItems
    case .settings: ListKind.settingsItems
    case .inputModeChoice: ListKind.inputModeItems
    case .languageChoice: ListKind.languageItems
    case .editorOptions(let editor): editor.options
    }
  }

  // Built once: drawing a list allocates nothing.
  private static let contactItems = [
    "Add contact", "Edit name", "Add number", "Edit number", "Star/unstar", "Delete",
  ]
  private static let newContactItems = ["Add contact"]
  private static let confirmItems = ["Yes", "No"]
  private static let mainMenuItems = ["Messages", "Contacts", "Settings"]
  private static let messagesItems = ["New message", "Voicemail"]
  private static let settingsItems = [
    "Multi-tap", "Long press", "Input mode", "Language", "Owner name",
  ]
  private static let inputModeItems = inputModes.map { $0.mode.indicator($0.letterCase) }
  private static let languageItems = Language.allCases.map(\.displayName)

  /// What an empty list shows.
  public var emptyText: String { "(empty)" }

  /// The default input modes offered in settings, in order.
  public static let inputModes: [(mode: InputMode, letterCase: LetterCase)] = [
    (.predictive, .sentence), (.predictive, .lower), (.predictive, .upper),
    (.multitap, .sentence), (.multitap, .lower), (.multitap, .upper), (.numeric, .sentence),
  ]
}
