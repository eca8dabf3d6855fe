import CharacterLCD
import ContactBook
import KeypadInput
import MessageStore
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
  /// The call log.
  case calls(CallLogScreen)
  /// A folder's messages.
  case messages(MessageListScreen)
  /// One message read.
  case message(MessageScreen)
  /// A USSD session.
  case ussd(USSDScreen)
  /// The SIM's PIN or PUK entry.
  case pin(PINScreen)

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
    case .calls: "calls"
    case .messages(let screen): screen.folder.name
    case .message(let screen): screen.id == nil ? "flash" : "message"
    case .ussd: "ussd"
    case .pin: "pin"
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

  // The mutating methods below move the screen out of `self`
  // (`switch consume self`) and put it back changed: the payload is owned
  // by the one binding meanwhile, so the storage it holds on the heap (an
  // editor's, a list's) is changed in place, never copied for sharing.

  /// Handles a gesture; the answer says what the phone does next.
  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let action: ScreenAction
    switch consume self {
    case .idle(let screen):
      action = screen.handle(gesture, &context)
      self = .idle(screen)
    case .menu(var screen):
      action = screen.handle(gesture, &context)
      self = .menu(screen)
    case .editor(var screen):
      action = screen.handle(gesture, &context)
      self = .editor(screen)
    case .symbols(var screen):
      action = screen.handle(gesture)
      self = .symbols(screen)
    case .contacts(var screen):
      action = screen.handle(gesture, &context)
      self = .contacts(screen)
    case .contact(var screen):
      action = screen.handle(gesture, &context)
      self = .contact(screen)
    case .dialer(var screen):
      action = screen.handle(gesture, &context)
      self = .dialer(screen)
    case .calling(var screen):
      action = screen.handle(gesture, &context)
      self = .calling(screen)
    case .calls(var screen):
      action = screen.handle(gesture, &context)
      self = .calls(screen)
    case .messages(var screen):
      action = screen.handle(gesture, &context)
      self = .messages(screen)
    case .message(var screen):
      action = screen.handle(gesture, &context)
      self = .message(screen)
    case .ussd(var screen):
      action = screen.handle(gesture, &context)
      self = .ussd(screen)
    case .pin(var screen):
      action = screen.handle(gesture, &context)
      self = .pin(screen)
    }
    return action
  }

  /// Does what a screen that closed over this one asked (editors only).
  mutating func perform(_ command: EditorCommand, _ context: inout ScreenContext) -> ScreenAction {
    switch consume self {
    case .editor(var screen):
      let action = screen.perform(command, &context)
      self = .editor(screen)
      return action
    case let other:
      self = other
      return .none
    }
  }

  /// The screen is leaving the stack.
  mutating func close(_ context: inout ScreenContext) {
    switch consume self {
    case .editor(var screen):
      screen.close(&context)
      self = .editor(screen)
    case let other:
      self = other
    }
  }

  /// Closes what the screen's field is choosing into plain text, with the
  /// cursor back inside it (the watchdog's repair of an inconsistent field).
  mutating func settleEditor() {
    switch consume self {
    case .editor(var screen):
      screen.settleEditor()
      self = .editor(screen)
    case .dialer(var screen):
      screen.settleEditor()
      self = .dialer(screen)
    case let other:
      self = other
    }
  }

  /// The contact book changed: screens that show it follow.
  mutating func bookChanged(_ context: ScreenContext) {
    switch consume self {
    case .contacts(var screen):
      screen.bookChanged(context.services.contacts)
      self = .contacts(screen)
    case .dialer(var screen):
      screen.bookChanged(context)
      self = .dialer(screen)
    case let other:
      self = other
    }
  }

  /// The message store changed: lists showing it follow.
  mutating func messagesChanged(_ context: ScreenContext) {
    switch consume self {
    case .messages(var screen):
      screen.messagesChanged(context)
      self = .messages(screen)
    case let other:
      self = other
    }
  }

  /// When the screen next needs the clock, if ever.
  @inline(__always)
  func deadline(_ context: ScreenContext) -> Instant? {
    switch self {
    case .idle(let screen): screen.deadline(context)
    case .editor(let screen): screen.editor.deadline
    case .dialer(let screen): screen.editor.deadline
    case .calling(let screen): screen.deadline(context)
    default: nil
    }
  }

  /// Runs the screen's timer if it is due at `time`: true if it fired.
  mutating func fire(at time: Instant, _ context: inout ScreenContext) -> Bool {
    switch consume self {
    case .editor(var screen):
      let fired = screen.fire(at: time, &context)
      self = .editor(screen)
      return fired
    case .dialer(var screen):
      let fired = screen.fire(at: time, &context)
      self = .dialer(screen)
      return fired
    case let other:
      self = other
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
    case .calls(let screen): screen.render(into: &canvas, context)
    case .messages(let screen): screen.render(into: &canvas, context)
    case .message(let screen): screen.render(into: &canvas, context)
    case .ussd(let screen): screen.render(into: &canvas, context)
    case .pin(let screen): screen.render(into: &canvas, context)
    }
  }
}
