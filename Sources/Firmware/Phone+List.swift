import CharacterLCD
import KeypadInput
import TextEntry

extension Phone {
  /// Rows a list shows items on: all but the title row (one row on a 16x1).
  var listRows: Int { geometry.rows == 1 ? 1 : geometry.rows - 1 }

  mutating func handleList(_ kind: ListKind, _ current: ListState, _ gesture: Gesture) {
    var state = current
    let count = kind.items.count
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
      state.move(by: -1, count: count, visibleRows: listRows)
      replaceTop(.list(kind, state))
    case (.tap, .down), (.longPress, .down), (.repeatPress, .down), (.tap, .hash):
      state.move(by: 1, count: count, visibleRows: listRows)
      replaceTop(.list(kind, state))
    case (.tap, .ok), (.tap, .softLeft), (.longPress, .hash):
      guard state.selected < count else { return }
      select(kind, item: state.selected)
    case (.tap, .back), (.tap, .softRight), (.tap, .star):
      pop()
    case (.tap, let key) where key.digit != nil && key != .zero:
      let item = Int(key.digit ?? 0) - 1
      guard item < count else {
        show(notice: "No item \(item + 1)")
        return
      }
      state.selected = item
      state.scroll(visibleRows: listRows)
      replaceTop(.list(kind, state))
      select(kind, item: item)
    default:
      break
    }
  }

  mutating func select(_ kind: ListKind, item: Int) {
    switch kind {
    case .mainMenu:
      switch item {
      case 0: push(.list(.messages, ListState()))
      case 1: openContacts()
      default: push(.list(.settings, ListState()))
      }
    case .messages:
      if item == 0 { openEditor(.message) } else { openEditor(.voicemail) }
    case .contactOptions(let slot):
      chooseContactOption(slot, item: item)
    case .confirmDelete(let slot):
      confirmDelete(slot, yes: item == 0)
    case .settings:
      switch item {
      case 0: openEditor(.multitapTime)
      case 1: openEditor(.longPressTime)
      case 2:
        let current = ListKind.inputModes.firstIndex {
          $0.mode == settings.defaultMode
            && ($0.mode == .numeric || $0.letterCase == settings.defaultCase)
        }
        push(.list(.inputModeChoice, ListState(selected: current ?? 0)))
      case 3:
        let current = Language.allCases.firstIndex(of: settings.language) ?? 0
        push(.list(.languageChoice, ListState(selected: current)))
      default: openEditor(.ownerName)
      }
    case .inputModeChoice:
      let choice = ListKind.inputModes[item]
      if choice.mode == .predictive && predictor == nil {
        show(notice: "No dictionary")
        return
      }
      settings.defaultMode = choice.mode
      if choice.mode != .numeric { settings.defaultCase = choice.letterCase }
      pop()
      show(notice: "Saved")
    case .languageChoice:
      settings.language = Language.allCases[item]
      message.commitPending()
      message.language = settings.language
      message.predictor = predictor
      pop()
      show(notice: "Saved")
    case .editorOptions(let editor):
      chooseEditorOption(editor, item: item)
    }
  }

  func renderList(_ kind: ListKind, _ state: ListState, into canvas: inout Canvas) {
    let items = kind.items
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write(kind.title, row: 0)
      if !items.isEmpty {
        canvas.writeRight("\(state.selected + 1)/\(items.count)", row: 0)
      }
      firstRow = 1
    }
    guard !items.isEmpty else {
      canvas.write(kind.emptyText, row: firstRow)
      return
    }
    let rows = listRows
    for offset in 0..<rows {
      let index = state.top + offset
      guard index < items.count else { break }
      let row = firstRow + offset
      let marker: Unicode.Scalar = index == state.selected ? "→" : " "
      canvas[row, 0] = marker
      canvas.write(index < 9 ? String(index + 1) : " ", row: row, column: 1)
      canvas.write(items[index], row: row, column: 3, width: geometry.columns - 4)
      if offset == 0 && state.top > 0 {
        canvas[row, geometry.columns - 1] = "↑"
      } else if offset == rows - 1 && index < items.count - 1 {
        canvas[row, geometry.columns - 1] = "↓"
      }
    }
  }
}
