import CharacterLCD
import KeypadInput
import TextEntry

/// The symbol table over an editor: pages of nine symbols for the field's
/// content type; a digit or `ok` inserts one into the editor below.
public struct SymbolsScreen {
  /// Symbols per page: digits 1–9 pick them by position.
  public static let pageSize = 9
  /// The field's content type (which symbols it takes).
  public let contentType: ContentType
  /// Whether the editor below is the message (its options differ).
  let overMessage: Bool
  /// The page shown.
  public private(set) var page = 0
  /// The highlighted symbol on the page (0-based).
  public private(set) var selected = 0

  /// The first page of the symbols a `contentType` field takes.
  init(contentType: ContentType, overMessage: Bool) {
    self.contentType = contentType
    self.overMessage = overMessage
  }

  private var symbols: [Unicode.Scalar] { Symbols.table(for: contentType) }

  private var pages: Int {
    Swift.max(1, (symbols.count + SymbolsScreen.pageSize - 1) / SymbolsScreen.pageSize)
  }

  mutating func handle(_ gesture: Gesture) -> ScreenAction {
    let symbols = symbols
    let pageStart = page * SymbolsScreen.pageSize
    let onPage = Swift.max(0, Swift.min(SymbolsScreen.pageSize, symbols.count - pageStart))
    switch (gesture.kind, gesture.key) {
    case (.tap, .star), (.tap, .back), (.tap, .softRight):
      return .pop
    case (.tap, .hash):
      page = (page + 1) % pages
      selected = 0
    case (.tap, .zero), (.tap, .softLeft):
      return .replace(.menu(MenuScreen(overMessage ? .messageOptions : .fieldOptions)))
    case (.tap, .up), (.tap, .left), (.repeatPress, .up), (.repeatPress, .left):
      move(by: -1, symbols: symbols)
    case (.tap, .down), (.tap, .right), (.repeatPress, .down), (.repeatPress, .right):
      move(by: 1, symbols: symbols)
    case (.tap, .ok):
      guard selected < onPage else { return .none }
      return ScreenAction(.pop(1), command: .insert(symbols[pageStart + selected]))
    case (.tap, let key) where key.digit != nil:
      let position = Int(key.digit ?? 0) - 1
      guard position < onPage else { return .notice("No symbol \(position + 1)") }
      return ScreenAction(.pop(1), command: .insert(symbols[pageStart + position]))
    default:
      break
    }
    return .none
  }

  private mutating func move(by step: Int, symbols: [Unicode.Scalar]) {
    guard !symbols.isEmpty else { return }
    let index = page * SymbolsScreen.pageSize + selected
    let next = ((index + step) % symbols.count + symbols.count) % symbols.count
    page = next / SymbolsScreen.pageSize
    selected = next % SymbolsScreen.pageSize
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let symbols = symbols
    let pageStart = page * SymbolsScreen.pageSize
    var row = 0
    if geometry.rows > 1 {
      canvas.write("Symbols", row: 0)
      canvas.writeRight("\(page + 1)/\(pages)", row: 0)
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
    for position in 0..<SymbolsScreen.pageSize where pageStart + position < symbols.count {
      let symbol = symbols[pageStart + position]
      canvas[row, position] = symbol == "\n" ? "↲" : symbol
    }
    canvas.cursor = CursorPosition(row: row, column: selected)
    canvas.cursorStyle = .blink
  }
}
