import CharacterLCD
import KeypadInput

/// A menu, settings list or choice: the title, the items with their
/// digits, the highlight. Digits 1–9 pick an item by its position.
public struct MenuScreen {
  /// Which menu.
  public let menu: Menu
  /// The highlight and the scroll position.
  public internal(set) var list: ListState

  /// The menu with the item at `selected` highlighted.
  init(_ menu: Menu, selected: Int = 0) {
    self.menu = menu
    self.list = ListState(selected: selected)
  }

  /// The menu with a given highlight and scroll position.
  init(_ menu: Menu, list: ListState) {
    self.menu = menu
    self.list = list
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let count = menu.count
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
      list.move(by: -1, count: count, visibleRows: context.listRows)
    case (.tap, .down), (.longPress, .down), (.repeatPress, .down), (.tap, .hash):
      list.move(by: 1, count: count, visibleRows: context.listRows)
    case (.tap, .ok), (.tap, .softLeft), (.longPress, .hash):
      guard list.selected < count else { return .none }
      return menu.select(list.selected, &context)
    case (.tap, .back), (.tap, .softRight), (.tap, .star):
      return .pop
    case (.tap, let key) where key.digit != nil && key != .zero:
      let position = Int(key.digit ?? 0) - 1
      guard position < count else { return .notice("No item \(position + 1)") }
      list.selected = position
      list.scroll(visibleRows: context.listRows)
      return menu.select(position, &context)
    default:
      break
    }
    return .none
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let count = menu.count
    let geometry = context.geometry
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write(menu.title, row: 0)
      if count > 0 { canvas.writeRight("\(list.selected + 1)/\(count)", row: 0) }
      firstRow = 1
    }
    let rows = context.listRows
    for offset in 0..<rows {
      let index = list.top + offset
      guard index < count else { break }
      let row = firstRow + offset
      canvas[row, 0] = index == list.selected ? "→" : " "
      canvas.write(index < 9 ? String(index + 1) : " ", row: row, column: 1)
      canvas.write(menu.title(at: index), row: row, column: 3, width: geometry.columns - 4)
      canvas.writeScrollMarks(
        row: row, offset: offset, rows: rows, index: index, list: list, count: count)
    }
  }
}
