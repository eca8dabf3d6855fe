import CharacterLCD
import ContactBook
import KeypadInput
import TextEntry

/// One entry of the navigation stack: a screen with the state it owns.
public enum Screen {
  /// Product (or owner) name, clock, soft keys.
  case idle(IdleScreen)
  /// A menu, settings list or choice.
  case menu(MenuScreen)
  /// A text editor: the message, or a setting's or contact's field.
  case editor(EditorScreen)
  /// The symbol table over the editor below it.
  case symbols(SymbolsScreen)
  /// The contact list, filtered live by T9 digits.
  case contacts(ContactsScreen)
  /// One contact: name and numbers.
  case contact(ContactScreen)
  /// The dialer: the number typed and the best matches.
  case dialer(DialerScreen)
  /// A call in progress.
  case calling(CallingScreen)

  /// The name scenarios check with `expect screen-name`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .menu(let screen): screen.menu.screenName
    case .editor(let screen): screen.kind.screenName
    case .symbols: "symbols"
    case .contacts: "contacts"
    case .contact: "contact"
    case .dialer: "dialer"
    case .calling: "calling"
    }
  }

  /// The text field the screen edits, if it has one.
  public var editor: TextEditor? {
    switch self {
    case .editor(let screen): screen.editor
    case .dialer(let screen): screen.editor
    default: nil
    }
  }

  /// Whether the screen draws the notice itself (an editor, over its
  /// first row) rather than the phone over the last row.
  var drawsNotice: Bool {
    if case .editor = self { return true }
    return false
  }

  /// A placeholder (owning no storage) while a screen is taken out of the
  /// stack to change it in place, so that its storage is not shared and
  /// copied.
  private static var vacant: Screen { .idle(IdleScreen(clock: WallClock(minutesAtStart: 0))) }

  /// Handles a gesture; the answer says what the phone does next.
  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    switch self {
    case .idle(let screen):
      return screen.handle(gesture, &context)
    case .menu(var screen):
      self = Screen.vacant
      defer { self = .menu(screen) }
      return screen.handle(gesture, &context)
    case .editor(var screen):
      self = Screen.vacant
      defer { self = .editor(screen) }
      return screen.handle(gesture, &context)
    case .symbols(var screen):
      defer { self = .symbols(screen) }
      return screen.handle(gesture)
    case .contacts(var screen):
      self = Screen.vacant
      defer { self = .contacts(screen) }
      return screen.handle(gesture, &context)
    case .contact(var screen):
      defer { self = .contact(screen) }
      return screen.handle(gesture, &context)
    case .dialer(var screen):
      self = Screen.vacant
      defer { self = .dialer(screen) }
      return screen.handle(gesture, &context)
    case .calling(let screen):
      return screen.handle(gesture)
    }
  }

  /// Does what a screen that closed over this one asked (editors only).
  mutating func perform(_ command: EditorCommand, _ context: inout ScreenContext) -> ScreenAction {
    guard case .editor(var screen) = self else { return .none }
    self = Screen.vacant
    defer { self = .editor(screen) }
    return screen.perform(command, &context)
  }

  /// The screen is leaving the stack.
  mutating func close(_ context: inout ScreenContext) {
    guard case .editor(var screen) = self else { return }
    self = Screen.vacant
    screen.close(&context)
    self = .editor(screen)
  }

  /// Closes what the screen's field is choosing into plain text, with the
  /// cursor back inside it (the watchdog's repair of an inconsistent field).
  mutating func settleEditor() {
    switch self {
    case .editor(var screen):
      self = Screen.vacant
      screen.settleEditor()
      self = .editor(screen)
    case .dialer(var screen):
      self = Screen.vacant
      screen.settleEditor()
      self = .dialer(screen)
    default:
      break
    }
  }

  /// The contact book changed: screens that show it follow.
  mutating func bookChanged(_ context: ScreenContext) {
    switch self {
    case .contacts(var screen):
      self = Screen.vacant
      screen.bookChanged(context.services.contacts)
      self = .contacts(screen)
    case .dialer(var screen):
      self = Screen.vacant
      screen.bookChanged(context)
      self = .dialer(screen)
    default:
      break
    }
  }

  /// When the screen next needs the clock, if ever.
  @inline(__always)
  func deadline(_ context: ScreenContext) -> Instant? {
    switch self {
    case .idle(let screen): screen.deadline(context)
    case .editor(let screen): screen.editor.deadline
    case .dialer(let screen): screen.editor.deadline
    default: nil
    }
  }

  /// Runs the screen's timer if it is due at `time`: true if it fired.
  mutating func fire(at time: Instant, _ context: inout ScreenContext) -> Bool {
    switch self {
    case .editor(var screen):
      self = Screen.vacant
      defer { self = .editor(screen) }
      return screen.fire(at: time, &context)
    case .dialer(var screen):
      self = Screen.vacant
      defer { self = .dialer(screen) }
      return screen.fire(at: time, &context)
    default:
      return false
    }
  }

  /// Draws the screen.
  func render(into canvas: inout Canvas, _ context: ScreenContext, notice: Notice?) {
    switch self {
    case .idle(let screen): screen.render(into: &canvas, context)
    case .menu(let screen): screen.render(into: &canvas, context)
    case .editor(let screen): screen.render(into: &canvas, context, notice: notice)
    case .symbols(let screen): screen.render(into: &canvas, context)
    case .contacts(let screen): screen.render(into: &canvas, context)
    case .contact(let screen): screen.render(into: &canvas, context)
    case .dialer(let screen): screen.render(into: &canvas, context)
    case .calling(let screen): screen.render(into: &canvas, context)
    }
  }
}
