import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import MessageStore
import SMS
import T9Engine
import TextEntry
import Vocabulary

/// A text editor screen: the message (its draft kept when it closes) or a
/// setting's or contact's field; the text wrapped over the rows, the mode
/// indicator, and the message's characters left.
public struct EditorScreen {
  /// Which field it edits.
  public let kind: EditorKind
  /// The field's editor.
  public private(set) var editor: TextEditor {
    _read { yield storage.value }
    set { storage.value = newValue }
    _modify { yield &storage.value }
  }
  /// The editor on the heap: moving the screen copies a pointer (`Boxed`).
  private var storage: Boxed<TextEditor>
  /// The first line of text shown (the view follows the cursor).
  var topLine = 0

  /// Opens the message (from the draft) or a setting's field.
  init(opening kind: EditorKind, _ context: ScreenContext) {
    self.kind = kind
    let settings = context.settings
    var editor: TextEditor
    switch kind {
    case .message:
      editor = context.services.draft
      editor.multitapTimeout = settings.multitapTimeout
      editor.language = settings.language
      editor.predictor = context.predictor
      if editor.buffer.isEmpty {
        // A new message starts in the default input mode.
        var nothingComposed: UserDictionary?
        editor.setMode(
          settings.defaultMode, letterCase: settings.defaultCase, learning: &nothingComposed)
      }
    case .multitapTime:
      editor = EditorScreen.milliseconds(settings.multitapTimeout, settings)
    case .longPressTime:
      editor = EditorScreen.milliseconds(settings.gestures.longPress, settings)
    case .ownerName:
      editor = EditorScreen.name(context)
      editor.setText(settings.ownerName)
    case .voicemail:
      editor = TextEditor(
        contentType: .phone, capacity: Phone.numberCapacity,
        multitapTimeout: settings.multitapTimeout, language: settings.language)
      editor.setText(settings.voicemailNumber)
    case .contactName, .contactNumber:
      // Opened with their contact's text by the initialisers below.
      editor = EditorScreen.name(context)
    case .ussdAnswer:
      // Digits first (menus are numbered); `#` changes to T9 or letters.
      editor = TextEditor(
        contentType: .text, capacity: 160, multitapTimeout: settings.multitapTimeout,
        language: settings.language, predictor: context.predictor, mode: .numeric)
    }
    storage = Boxed(editor)
  }

  /// Opens the answer to a USSD menu, `first` typed (a digit pressed on
  /// the reply).
  init(ussdAnswerTyping first: Gesture?, _ context: inout ScreenContext) {
    self.init(opening: .ussdAnswer, context)
    if let first {
      _ = editor.handle(first, learning: &context.services.learning[editor.language])
    }
  }

  /// Opens a contact's name (nil: a new contact) holding `text`.
  init(contactName slot: Int?, text: String, _ context: ScreenContext) {
    kind = .contactName(slot: slot)
    var editor = EditorScreen.name(context)
    editor.setText(text)
    storage = Boxed(editor)
  }

  /// Opens number `index` of a contact (past the last: a new number)
  /// holding `text`.
  init(contactNumber slot: Int, index: Int, text: String, _ context: ScreenContext) {
    kind = .contactNumber(slot: slot, index: index)
    var editor = TextEditor(
      contentType: .phone, capacity: Phone.numberCapacity + 16,
      multitapTimeout: context.settings.multitapTimeout)
    editor.setText(text)
    storage = Boxed(editor)
  }

  private static func name(_ context: ScreenContext) -> TextEditor {
    TextEditor(
      contentType: .name, capacity: Phone.nameCapacity,
      multitapTimeout: context.settings.multitapTimeout, language: context.settings.language,
      predictor: context.predictor)
  }

  private static func milliseconds(_ value: Duration, _ settings: PhoneSettings) -> TextEditor {
    var editor = TextEditor(
      contentType: .number, capacity: 4, multitapTimeout: settings.multitapTimeout)
    editor.setText(String(value.wholeMilliseconds))
    return editor
  }

  // MARK: - Gestures

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let action: ScreenAction
    switch editor.handle(gesture, learning: &context.services.learning[editor.language]) {
    case .handled: action = .none
    case .refused(let text): action = .notice(text)
    case .openSymbolTable:
      action = .push(
        .symbols(SymbolsScreen(contentType: editor.contentType, overMessage: kind == .message)))
    case .leave: action = .pop
    case .ignored:
      switch (gesture.kind, gesture.key) {
      case (.tap, .ok):
        action = kind == .message ? .push(.menu(MenuScreen(.messageOptions))) : save(&context)
      case (.tap, .softLeft):
        action = .push(.menu(MenuScreen(kind == .message ? .messageOptions : .fieldOptions)))
      case (.tap, .softRight):
        action = .pop
      case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
        moveLine(by: -1, &context)
        action = .none
      case (.tap, .down), (.longPress, .down), (.repeatPress, .down):
        moveLine(by: 1, &context)
        action = .none
      default:
        action = .none
      }
    }
    followCursor(context)
    return action
  }

  /// Does what the symbol table or the options above asked.
  mutating func perform(_ command: EditorCommand, _ context: inout ScreenContext) -> ScreenAction {
    defer { followCursor(context) }
    switch command {
    case .insert(let symbol):
      let outcome = editor.insert(symbol, learning: &context.services.learning[editor.language])
      if case .refused(let text) = outcome { return .notice(text) }
      return .none
    case .clear:
      editor.clear()
      return .none
    case .save:
      return save(&context)
    case .send, .saveDraft:
      guard kind == .message else { return .none }
      editor.commitPending(learning: &context.services.learning[editor.language])
      guard !editor.buffer.isEmpty else { return .notice("Nothing to send") }
      let text = Array(editor.buffer)
      if command == .saveDraft {
        let nobody = PhoneAddress(length: 0, typeOfAddress: 0x81, octets: [])
        let recipient = context.services.recipient ?? nobody
        return ScreenAction(
          .pop(1),
          notice: context.services.send(
            text, to: recipient, asDraft: true, now: context.wallTime, log: context.log))
      }
      if let recipient = context.services.recipient, recipient.length > 0 {
        return ScreenAction(
          .pop(1),
          notice: context.services.send(
            text, to: recipient, asDraft: false, now: context.wallTime, log: context.log))
      }
      // The dialer sends the draft: it holds the text typed so far.
      context.services.draft = editor
      return .push(.dialer(DialerScreen(recipientFor: context)))
    }
  }

  /// The message's draft is kept: what was being chosen is committed.
  mutating func close(_ context: inout ScreenContext) {
    guard kind == .message else { return }
    editor.commitPending(learning: &context.services.learning[editor.language])
    if context.services.discardDraft {
      context.services.discardDraft = false
      editor.clear()
    }
    context.services.draft = editor
  }

  private mutating func moveLine(by step: Int, _ context: inout ScreenContext) {
    let layout = EditorLayout(width: context.editorWidth)
    editor.commitPending(learning: &context.services.learning[editor.language])
    let here = layout.position(of: editor.cursor, in: editor.buffer)
    let target = here.line + step
    guard target >= 0, target < layout.lineCount(of: editor.buffer) else { return }
    editor.moveCursor(
      to: layout.index(line: target, column: here.column, in: editor.buffer),
      learning: &context.services.learning[editor.language])
  }

  /// Keeps the first line shown following the cursor.
  private mutating func followCursor(_ context: ScreenContext) {
    let rows = Swift.max(1, context.geometry.rows - 1)
    let line = EditorLayout(width: context.editorWidth).position(
      of: editor.cursor, in: editor.buffer
    ).line
    if line < topLine { topLine = line }
    if line >= topLine + rows { topLine = line - rows + 1 }
  }

  // MARK: - Time

  /// Closes what the field is choosing into plain text (the watchdog's
  /// repair of an inconsistent field).
  mutating func settleEditor() {
    editor.settleInconsistency()
  }

  /// Commits a multi-tap letter whose timeout has passed at `time`.
  ///
  /// Not inlined: inlined into `Screen.fire` in the WebAssembly module
  /// (-Osize), it allocated a heap box on every commit.
  @inline(never)
  mutating func fire(at time: Instant, _ context: inout ScreenContext) -> Bool {
    editor.commitPending(dueBy: time, learning: &context.services.learning[editor.language])
  }

  // MARK: - Saving

  /// Saves a setting's or a contact's field; a refused value shows why and
  /// the editor stays open.
  private mutating func save(_ context: inout ScreenContext) -> ScreenAction {
    editor.commitPending(learning: &context.services.learning[editor.language])
    let text = editor.text
    switch kind {
    case .message:
      return .none
    case .contactName(let slot):
      return saveName(text, slot: slot, &context)
    case .contactNumber(let slot, let index):
      return saveNumber(text, slot: slot, index: index, &context)
    case .multitapTime:
      guard let value = EditorScreen.milliseconds(text, in: PhoneSettings.multitapRange) else {
        return .notice(EditorScreen.rangeNotice(PhoneSettings.multitapRange))
      }
      context.settings.multitapTimeout = value
      context.services.draft.multitapTimeout = value
    case .longPressTime:
      guard let value = EditorScreen.milliseconds(text, in: PhoneSettings.longPressRange) else {
        return .notice(EditorScreen.rangeNotice(PhoneSettings.longPressRange))
      }
      context.settings.gestures.longPress = value
    case .ownerName:
      context.settings.ownerName = text
    case .voicemail:
      context.settings.voicemailNumber = text
    case .ussdAnswer:
      return USSDScreen.answer(text, &context)
    }
    context.log(.info, LogTag("ui", "settings"), "\(kind.title) saved")
    return ScreenAction(.pop(1), notice: "Saved")
  }

  private static func milliseconds(_ text: String, in range: ClosedRange<Int>) -> Duration? {
    guard let value = Int(text), range.contains(value) else { return nil }
    return .milliseconds(value)
  }

  private static func rangeNotice(_ range: ClosedRange<Int>) -> String {
    "\(range.lowerBound)-\(range.upperBound) ms"
  }

  private func saveName(_ text: String, slot: Int?, _ context: inout ScreenContext) -> ScreenAction
  {
    var contact = slot.flatMap { context.services.contacts.contact(at: $0) } ?? Contact(name: text)
    contact.name = text
    if slot == nil, let number = context.services.numberToSave {
      contact.numbers = [PhoneNumber(number)]
      context.services.numberToSave = nil
    }
    if let slot {
      if let problem = context.services.store(contact, at: slot) { return .notice(problem) }
      return ScreenAction(.pop(1), notice: "Saved")
    }
    let added = context.services.add(contact, log: context.log)
    guard let slot = added.slot else { return .notice(added.problem ?? "") }
    return ScreenAction(.replace(.contact(ContactScreen(slot: slot))), notice: "Saved")
  }

  private func saveNumber(
    _ text: String, slot: Int, index: Int, _ context: inout ScreenContext
  ) -> ScreenAction {
    guard var contact = context.services.contacts.contact(at: slot) else { return .none }
    if index < contact.numbers.count {
      if text.isEmpty {
        contact.numbers.remove(at: index)
      } else {
        contact.numbers[index].text = text
      }
    } else {
      contact.numbers.append(PhoneNumber(text))
    }
    if let problem = context.services.store(contact, at: slot) { return .notice(problem) }
    return ScreenAction(.pop(1), notice: "Saved")
  }

  // MARK: - Drawing

  /// Draws the text; the mode indicator (on the message's status row with
  /// the characters left, after a setting's name on its first row, or at
  /// the right of a one-row display); a notice over the first row, never
  /// hiding the indicator.
  func render(into canvas: inout Canvas, _ context: ScreenContext, notice: Notice?) {
    let geometry = context.geometry
    let indicator = editor.indicator
    let oneRow = geometry.rows == 1
    let textRow = kind != .message && !oneRow ? 1 : 0
    let textRows = oneRow ? 1 : geometry.rows - 1
    renderText(firstRow: textRow, rows: textRows, width: context.editorWidth, into: &canvas)
    let indicatorOnFirstRow = oneRow || kind != .message
    let unread = context.services.messages.unreadCount > 0
    if oneRow && editor.offer != nil && editor.composition == nil {
      // The next word in the indicator's place: `→` and its first letters.
      let start = geometry.columns - 4
      canvas[0, start] = "→"
      for (index, scalar) in editor.offerText.enumerated() where index < 3 {
        canvas[0, start + 1 + index] = scalar
      }
    } else if oneRow {
      canvas.writeRight(indicator, row: 0)
      // The envelope in the gap between the text and a short indicator
      // (a T9 one fills the gap).
      if unread, indicator.count < 4 { canvas[0, geometry.columns - indicator.count - 1] = "✉" }
    } else if kind == .message {
      let status = geometry.rows - 1
      let length = editor.smsLength
      if editor.offer != nil && editor.composition == nil {
        // The offer in place of the indicator: `→` (the key that takes it)
        // and the word, up to the counter.
        let room = geometry.columns - counterWidth(length) - 1
        canvas[status, 0] = "→"
        for (index, scalar) in editor.offerText.enumerated() where index + 1 < room {
          canvas[status, index + 1] = scalar
        }
      } else {
        canvas.write(indicator, row: status)
        if unread { canvas[status, indicator.count + 1] = "✉" }
      }
      // `counter`, drawn without a string.
      canvas.writeRight(count: length.remainingInPart, slash: length.parts, row: status)
    } else {
      canvas.write(kind.title, row: 0, width: geometry.columns - indicator.count - 1)
      canvas.writeRight(indicator, row: 0)
    }
    guard let notice else { return }
    let width = indicatorOnFirstRow ? geometry.columns - indicator.count - 1 : geometry.columns
    for column in 0..<width { canvas[0, column] = " " }
    canvas.write(notice.text, row: 0, width: width)
    if canvas.cursor?.row == 0 { canvas.cursor = nil }
  }

  private func renderText(firstRow: Int, rows: Int, width: Int, into canvas: inout Canvas) {
    let layout = EditorLayout(width: width)
    let cursor = layout.position(of: editor.displayCursor, in: editor.buffer)
    var top = topLine
    if cursor.line < top { top = cursor.line }
    if cursor.line >= top + rows { top = cursor.line - rows + 1 }
    let buffer = editor.buffer
    if buffer.newlineCount == 0 {
      // Every line but the last is full: only the lines shown are visited.
      let first = top * layout.width
      let end = Swift.min(buffer.count, (top + rows) * layout.width)
      var index = first
      while index < end {
        canvas[firstRow + index / layout.width - top, index % layout.width] = buffer[index]
        index += 1
      }
    } else {
      renderLines(buffer, top: top, firstRow: firstRow, rows: rows, layout: layout, into: &canvas)
    }
    canvas.cursor = CursorPosition(row: firstRow + cursor.line - top, column: cursor.column)
    canvas.cursorStyle = editor.isChoosing ? .blink : .underline
    // The rest of an offered completion after the word, where the text
    // ends: on that row only, in columns nothing else uses.
    if let tail = editor.offerTailStart {
      let end = layout.position(of: buffer.count, in: buffer)
      guard end.line >= top && end.line < top + rows else { return }
      var column = end.column
      var index = tail
      while index < editor.offerText.count && column < layout.width {
        canvas[firstRow + end.line - top, column] = editor.offerText[index]
        index += 1
        column += 1
      }
    }
  }

  /// The columns of the counter `left/parts`.
  private func counterWidth(_ length: SMSLength) -> Int {
    func digits(_ value: Int) -> Int {
      var count = 1
      var rest = value / 10
      while rest > 0 {
        count += 1
        rest /= 10
      }
      return count
    }
    return digits(length.remainingInPart) + 1 + digits(length.parts)
  }

  /// Draws the lines `top..<top + rows` of a text with new-line marks.
  private func renderLines(
    _ buffer: TextBuffer, top: Int, firstRow: Int, rows: Int, layout: EditorLayout,
    into canvas: inout Canvas
  ) {
    var line = 0
    var column = 0
    for index in 0..<buffer.count {
      let scalar = buffer[index]
      if line >= top && line < top + rows {
        canvas[firstRow + line - top, column] = scalar == "\n" ? "↲" : scalar
      }
      column += 1
      if scalar == "\n" || column == layout.width {
        line += 1
        column = 0
      }
    }
  }
}
