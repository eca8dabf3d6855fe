import CharacterLCD
import ContactBook
import KeypadInput
import SMS
import T9Engine
import TextEntry

/// The dialer: the number typed on the first row, the contacts it matches
/// (by name digits or by number) below; `ok`/`call` calls the highlighted
/// match, or the number as typed when none is highlighted.
public struct DialerScreen {
  /// The number typed.
  public private(set) var editor: TextEditor {
    _read { yield storage.value }
    set { storage.value = newValue }
    _modify { yield &storage.value }
  }
  /// The editor on the heap: moving the screen copies a pointer (`Boxed`).
  private var storage: Boxed<TextEditor>
  /// The contact search for the number (its storage reserved on the first
  /// key and kept), redone once per change of the number.
  private var search = ContactSearch()
  /// The highlighted match (-1: none, the number itself).
  public private(set) var selected = -1
  /// Whether the number or contact chosen receives the message being
  /// written, rather than a call.
  public let choosesRecipient: Bool

  /// A dialer, with the gesture that opened it typed (a digit from idle,
  /// `*` from a long press), if any.
  init(typing first: Gesture?, _ context: ScreenContext) {
    choosesRecipient = false
    var editor = TextEditor(
      contentType: .phone, capacity: Phone.numberCapacity,
      multitapTimeout: context.settings.multitapTimeout)
    if let first {
      var noT9: UserDictionary?  // a number field has no T9 to learn with
      _ = editor.handle(first, learning: &noT9)
    }
    storage = Boxed(editor)
    refresh(context)
  }

  /// The dialer that chooses who the message being written goes to.
  init(recipientFor context: ScreenContext) {
    choosesRecipient = true
    storage = Boxed(
      TextEditor(
        contentType: .phone, capacity: Phone.numberCapacity,
        multitapTimeout: context.settings.multitapTimeout))
  }

  /// How many matches are shown (at most one per row below the number).
  func matchCount(_ context: ScreenContext) -> Int {
    editor.buffer.isEmpty ? 0 : Swift.min(search.rankedCount, Swift.max(1, context.listRows))
  }

  /// The match on row `index` below the number, with what matched.
  func match(at index: Int, _ context: ScreenContext) -> ContactResult? {
    guard index < matchCount(context) else { return nil }
    return search.result(at: index, in: context.services.contacts)
  }

  /// Searches the book for the number typed and highlights the default
  /// match: a name match (the digits spell a name) but not a number match
  /// (the digits typed are the number to call), and nothing when the number
  /// has `*` or `#` (a service code is dialled as typed).
  private mutating func refresh(_ context: ScreenContext) {
    let book = context.services.contacts
    search.clear()
    var serviceCode = false
    for scalar in editor.buffer {
      switch scalar {
      case "0"..."9": search.type(Character(scalar), in: book)
      case "*", "#":
        search.type(Character(scalar), in: book)
        serviceCode = true
      default: continue
      }
    }
    selected = -1
    if !serviceCode, let best = match(at: 0, context), best.matchClass < .numberPrefix {
      selected = 0
    }
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let count = matchCount(context)
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up):
      selected = Swift.max(-1, selected - 1)
    case (.tap, .down), (.repeatPress, .down):
      selected = Swift.min(count - 1, selected + 1)
    case (.tap, .ok), (.tap, .call), (.longPress, .star):
      editor.commitPending(learning: &context.services.learning[editor.language])
      if choosesRecipient { return sendToChoice(&context) }
      let local = PhoneCode.parse(editor.text)
      if local.mismatch { return .notice("PINs differ") }
      if context.services.hasModem, let code = local.code {
        return .push(USSDScreen.start(code, text: editor.text, fromDialer: true, &context))
      }
      if context.services.hasModem, USSDScreen.isCode(editor.text) {
        return .push(USSDScreen.start(editor.text, fromDialer: true, &context))
      }
      if selected >= 0, let result = match(at: selected, context) {
        return CallingScreen.call(
          slot: result.slot, number: result.numberIndex ?? 0, fromDialer: true, &context)
      }
      guard !editor.buffer.isEmpty else { return .none }
      return .push(CallingScreen.dial(editor.text, slot: nil, fromDialer: true, &context))
    default:
      var notice: String?
      switch editor.handle(gesture, learning: &context.services.learning[editor.language]) {
      case .leave: return .pop
      case .refused(let text): notice = text
      default: break
      }
      guard !editor.buffer.isEmpty || choosesRecipient else { return .pop }
      refresh(context)
      return ScreenAction(notice: notice)
    }
    return .none
  }

  /// Sends the message below to the highlighted contact's number or the
  /// number typed: the dialer and the editor close.
  private mutating func sendToChoice(_ context: inout ScreenContext) -> ScreenAction {
    var number = editor.text
    if selected >= 0, let result = match(at: selected, context),
      let contact = context.services.contacts.contact(at: result.slot)
    {
      let index = result.numberIndex ?? 0
      if index < contact.numbers.count { number = contact.numbers[index].text }
    }
    let dialled = String(
      String.UnicodeScalarView(
        number.unicodeScalars.filter {
          ("0"..."9").contains($0) || "+*#".unicodeScalars.contains($0)
        }
      ))
    guard let recipient = PhoneAddress(number: dialled) else {
      return .notice(number.isEmpty ? "Enter a number" : "Not a number")
    }
    let text = Array(context.services.draft.buffer)
    let notice = context.services.send(
      text, to: recipient, asDraft: false, now: context.wallTime, log: context.log)
    return ScreenAction(.pop(2), notice: notice)
  }

  /// The book changed (a call raised a contact's rank): the matches follow.
  mutating func bookChanged(_ context: ScreenContext) {
    search.refresh(in: context.services.contacts)
  }

  /// Commits the letter being chosen once its timeout passed.
  /// Closes what the field is choosing into plain text (the watchdog's
  /// repair of an inconsistent field).
  mutating func settleEditor() {
    editor.settleInconsistency()
  }

  mutating func fire(at time: Instant, _ context: inout ScreenContext) -> Bool {
    editor.commitPending(dueBy: time, learning: &context.services.learning[editor.language])
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    // The number, scrolled left so its end (and the cursor) stays visible.
    let width = geometry.columns
    let length = editor.buffer.count
    let start = Swift.max(0, length + 1 - width)
    var column = 0
    for index in start..<length where column < width {
      canvas[0, column] = editor.buffer[index]
      column += 1
    }
    if editor.isChoosing {
      canvas.cursor = CursorPosition(
        row: 0, column: Swift.max(0, Swift.min(width - 1, length - start - 1)))
      canvas.cursorStyle = .blink
    } else {
      canvas.cursor = CursorPosition(row: 0, column: Swift.min(width - 1, length - start))
      canvas.cursorStyle = .underline
    }
    guard geometry.rows > 1 else { return }
    let book = context.services.contacts
    for offset in 0..<Swift.min(matchCount(context), geometry.rows - 1) {
      guard let result = match(at: offset, context), let contact = book.contact(at: result.slot)
      else { continue }
      let row = offset + 1
      canvas[row, 0] = offset == selected ? "→" : " "
      canvas.write(ContactRowText.shown(result, contact), row: row, column: 1)
    }
  }
}
