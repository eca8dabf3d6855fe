import CharacterLCD
import Diagnostics
import KeypadInput
import TextEntry

extension Phone {
  mutating func openEditor(_ kind: EditorKind) {
    editorTopLine = 0
    switch kind {
    case .message:
      message.multitapTimeout = settings.multitapTimeout
      message.language = settings.language
      message.predictor = predictor
      if message.buffer.isEmpty {
        // A new message starts in the default input mode.
        message.setMode(settings.defaultMode, letterCase: settings.defaultCase)
      }
    case .multitapTime:
      field = numberEditor(settings.multitapTimeout.wholeMilliseconds)
    case .longPressTime:
      field = numberEditor(settings.gestures.longPress.wholeMilliseconds)
    case .ownerName:
      field = TextEditor(
        contentType: .name, capacity: Phone.nameCapacity,
        multitapTimeout: settings.multitapTimeout, language: settings.language,
        predictor: predictor)
      field.setText(settings.ownerName)
    case .contactName, .contactNumber:
      break
    case .voicemail:
      field = TextEditor(
        contentType: .phone, capacity: Phone.numberCapacity,
        multitapTimeout: settings.multitapTimeout, language: settings.language)
      field.setText(settings.voicemailNumber)
    }
    push(.editor(kind))
  }

  private func numberEditor(_ value: Int64) -> TextEditor {
    var editor = TextEditor(
      contentType: .number, capacity: 4, multitapTimeout: settings.multitapTimeout)
    editor.setText(String(value))
    return editor
  }

  mutating func handleEditor(_ kind: EditorKind, _ gesture: Gesture) {
    var outcome = EditorOutcome.ignored
    updateFocusedEditor { outcome = $0.handle(gesture) }
    switch outcome {
    case .handled:
      break
    case .refused(let text):
      show(notice: text)
    case .openSymbolTable:
      push(.symbols(SymbolTableState()))
    case .leave:
      pop()
    case .ignored:
      switch (gesture.kind, gesture.key) {
      case (.tap, .ok):
        if kind == .message {
          push(.list(.editorOptions(kind), ListState()))
        } else {
          saveField(kind)
        }
      case (.tap, .softLeft):
        push(.list(.editorOptions(kind), ListState()))
      case (.tap, .softRight):
        pop()
      case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
        moveLine(by: -1)
      case (.tap, .down), (.longPress, .down), (.repeatPress, .down):
        moveLine(by: 1)
      default:
        break
      }
    }
  }

  private mutating func moveLine(by step: Int) {
    let layout = EditorLayout(width: editorWidth)
    updateFocusedEditor { editor in
      editor.commitPending()
      let here = layout.position(of: editor.cursor, in: editor.buffer)
      let target = here.line + step
      guard target >= 0, target < layout.lineCount(of: editor.buffer) else { return }
      editor.moveCursor(to: layout.index(line: target, column: here.column, in: editor.buffer))
    }
  }

  mutating func chooseEditorOption(_ kind: EditorKind, item: Int) {
    pop()  // the options list
    switch (kind, item) {
    case (.message, 0):
      pop()
    case (.message, _):
      message.clear()
    case (_, 0):
      saveField(kind)
    case (_, 1):
      pop()
    default:
      field.clear()
    }
  }

  /// The field's value in milliseconds, or nil after a notice with the range.
  private mutating func milliseconds(_ text: String, in range: ClosedRange<Int>) -> Duration? {
    guard let value = Int(text), range.contains(value) else {
      show(notice: "\(range.lowerBound)-\(range.upperBound) ms")
      return nil
    }
    return .milliseconds(value)
  }

  /// Saves a setting's field; out-of-range values are refused with a notice
  /// and the editor stays open.
  mutating func saveField(_ kind: EditorKind) {
    field.commitPending()
    let text = field.text
    switch kind {
    case .message:
      return
    case .contactName, .contactNumber:
      saveContactField(kind)
      return
    case .multitapTime:
      guard let value = milliseconds(text, in: PhoneSettings.multitapRange) else { return }
      settings.multitapTimeout = value
      message.multitapTimeout = value
    case .longPressTime:
      guard let value = milliseconds(text, in: PhoneSettings.longPressRange) else { return }
      settings.gestures.longPress = value
      recognizer.settings.longPress = value
    case .ownerName:
      settings.ownerName = text
    case .voicemail:
      settings.voicemailNumber = text
    }
    log(.info, LogTag("ui", "settings"), "\(kind.title) saved")
    pop()
    show(notice: "Saved")
  }

  /// Text columns of the editor (the 16x1 keeps four for the indicator).
  var editorWidth: Int { geometry.rows == 1 ? geometry.columns - 4 : geometry.columns }

  /// Draws an editor: the text; the mode indicator (on the message's status
  /// row with the characters left, after a setting's name on its first row,
  /// or at the right of a one-row display); a notice over the first row,
  /// never hiding the indicator.
  func renderEditor(_ kind: EditorKind, into canvas: inout Canvas) {
    let editor = kind == .message ? message : field
    let indicator = editor.indicator
    let oneRow = geometry.rows == 1
    let textRow = kind != .message && !oneRow ? 1 : 0
    let textRows = oneRow ? 1 : geometry.rows - 1
    renderText(editor, firstRow: textRow, rows: textRows, into: &canvas)
    let indicatorOnFirstRow = oneRow || kind != .message
    if oneRow {
      canvas.writeRight(indicator, row: 0)
    } else if kind == .message {
      let status = geometry.rows - 1
      canvas.write(indicator, row: status)
      canvas.writeRight(editor.smsLength.counter, row: status)
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

  private func renderText(_ editor: TextEditor, firstRow: Int, rows: Int, into canvas: inout Canvas)
  {
    let layout = EditorLayout(width: editorWidth)
    let cursor = layout.position(of: editor.displayCursor, in: editor.buffer)
    var top = editorTopLine
    if cursor.line < top { top = cursor.line }
    if cursor.line >= top + rows { top = cursor.line - rows + 1 }
    var line = 0
    var column = 0
    for index in 0..<editor.buffer.count {
      let scalar = editor.buffer[index]
      if line >= top && line < top + rows {
        canvas[firstRow + line - top, column] = scalar == "\n" ? "↲" : scalar
      }
      column += 1
      if scalar == "\n" || column == layout.width {
        line += 1
        column = 0
      }
    }
    canvas.cursor = CursorPosition(row: firstRow + cursor.line - top, column: cursor.column)
    canvas.cursorStyle = editor.isChoosing ? .blink : .underline
  }

  /// Keeps the editor's scroll position following the cursor.
  mutating func followCursor() {
    guard case .editor(let kind) = top else { return }
    let editor = kind == .message ? message : field
    let rows = kind == .message ? Swift.max(1, geometry.rows - 1) : Swift.max(1, geometry.rows - 1)
    let line = EditorLayout(width: editorWidth).position(of: editor.cursor, in: editor.buffer).line
    if line < editorTopLine { editorTopLine = line }
    if line >= editorTopLine + rows { editorTopLine = line - rows + 1 }
  }
}
