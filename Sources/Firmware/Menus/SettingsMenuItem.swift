import TextEntry

/// The settings list.
public enum SettingsMenuItem: MenuItem {
  /// The multi-tap timeout, in milliseconds.
  case multitap
  /// The long-press time, in milliseconds.
  case longPress
  /// The default input mode of a new message.
  case inputMode
  /// The typing language.
  case language
  /// The owner's name on the idle screen.
  case ownerName

  /// The row's text.
  public var title: String {
    switch self {
    case .multitap: "Multi-tap"
    case .longPress: "Long press"
    case .inputMode: "Input mode"
    case .language: "Language"
    case .ownerName: "Owner name"
    }
  }

  /// Opens the setting's editor or choice, the current value highlighted.
  func action(_ context: ScreenContext) -> ScreenAction {
    let settings = context.settings
    switch self {
    case .multitap: return .push(.editor(EditorScreen(opening: .multitapTime, context)))
    case .longPress: return .push(.editor(EditorScreen(opening: .longPressTime, context)))
    case .inputMode:
      let current = InputModeChoice.allCases.firstIndex {
        $0.mode == settings.defaultMode
          && ($0.mode == .numeric || $0.letterCase == settings.defaultCase)
      }
      return .push(.menu(MenuScreen(.inputMode, selected: current ?? 0)))
    case .language:
      let current = Language.allCases.firstIndex(of: settings.language) ?? 0
      return .push(.menu(MenuScreen(.language, selected: current)))
    case .ownerName: return .push(.editor(EditorScreen(opening: .ownerName, context)))
    }
  }
}
