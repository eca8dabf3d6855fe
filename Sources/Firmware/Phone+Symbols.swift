import CharacterLCD
import KeypadInput
import TextEntry

extension Phone {
  var symbolList: [Unicode.Scalar] {
    Symbols.table(for: focusedEditor?.contentType ?? .text)
  }

  var symbolPages: Int {
    Swift.max(1, (symbolList.count + SymbolTableState.pageSize - 1) / SymbolTableState.pageSize)
  }

  mutating func handleSymbols(_ current: SymbolTableState, _ gesture: Gesture) {
    var state = current
    let symbols = symbolList
    let pageStart = state.page * SymbolTableState.pageSize
    let onPage = Swift.max(0, Swift.min(SymbolTableState.pageSize, symbols.count - pageStart))
    switch (gesture.kind, gesture.key) {
    case (.tap, .star), (.tap, .back), (.tap, .softRight):
      pop()
    case (.tap, .hash):
      state.page = (state.page + 1) % symbolPages
      state.selected = 0
      replaceTop(.symbols(state))
    case (.tap, .zero), (.tap, .softLeft):
      pop()
      if case .editor(let kind) = top { push(.list(.editorOptions(kind), ListState())) }
    case (.tap, .up), (.tap, .left), (.repeatPress, .up), (.repeatPress, .left):
      moveSymbol(&state, by: -1, symbols: symbols)
    case (.tap, .down), (.tap, .right), (.repeatPress, .down), (.repeatPress, .right):
      moveSymbol(&state, by: 1, symbols: symbols)
    case (.tap, .ok):
      guard state.selected < onPage else { return }
      pick(symbols[pageStart + state.selected])
    case (.tap, let key) where key.digit != nil:
      let position = Int(key.digit ?? 0) - 1
      guard position < onPage else {
        show(notice: "No symbol \(position + 1)")
        return
      }
      pick(symbols[pageStart + position])
    default:
      break
    }
  }

  private mutating func moveSymbol(
    _ state: inout SymbolTableState, by step: Int, symbols: [Unicode.Scalar]
  ) {
    guard !symbols.isEmpty else { return }
    let index = state.page * SymbolTableState.pageSize + state.selected
    let next = ((index + step) % symbols.count + symbols.count) % symbols.count
    state.page = next / SymbolTableState.pageSize
    state.selected = next % SymbolTableState.pageSize
    replaceTop(.symbols(state))
  }

  private mutating func pick(_ symbol: Unicode.Scalar) {
    pop()
    var outcome = EditorOutcome.handled
    updateFocusedEditor { outcome = $0.insert(symbol) }
    if case .refused(let text) = outcome { show(notice: text) }
  }

  func renderSymbols(_ state: SymbolTableState, into canvas: inout Canvas) {
    let symbols = symbolList
    let pageStart = state.page * SymbolTableState.pageSize
    var row = 0
    if geometry.rows > 1 {
      canvas.write("Symbols", row: 0)
      canvas.writeRight("\(state.page + 1)/\(symbolPages)", row: 0)
      row = 1
    }
    if geometry.rows > 3 {
      canvas.write("123456789", row: row)
      canvas.writeRight("#:more", row: row)
      canvas.write("0:options *:back", row: geometry.rows - 1)
      row += 1
    }
    guard !symbols.isEmpty else {
      canvas.write("0:options", row: row)
      return
    }
    for position in 0..<SymbolTableState.pageSize where pageStart + position < symbols.count {
      let symbol = symbols[pageStart + position]
      canvas[row, position] = symbol == "\n" ? "↲" : symbol
    }
    canvas.cursor = CursorPosition(row: row, column: state.selected)
    canvas.cursorStyle = .blink
  }
}
