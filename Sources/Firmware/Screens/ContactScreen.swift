import CharacterLCD
import ContactBook
import KeypadInput

/// One contact's card: the name (starred or not) and its numbers; a digit
/// picks a number, `ok` or `call` calls the one highlighted.
public struct ContactScreen {
  /// The contact's slot in the book.
  public let slot: Int
  /// The highlighted number and the scroll position.
  public private(set) var list = ListState()

  /// The card of the contact in `slot`, its first number highlighted.
  init(slot: Int) {
    self.slot = slot
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    guard let contact = context.services.contacts.contact(at: slot) else { return .pop }
    let count = contact.numbers.count
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up):
      list.move(by: -1, count: count, visibleRows: context.listRows)
    case (.tap, .down), (.repeatPress, .down), (.tap, .hash):
      list.move(by: 1, count: count, visibleRows: context.listRows)
    case (.tap, let key) where key.digit != nil && key != .zero:
      let index = Int(key.digit ?? 1) - 1
      guard index < count else { return .notice("No number \(index + 1)") }
      list.selected = index
      list.scroll(visibleRows: context.listRows)
    case (.tap, .ok), (.tap, .call), (.longPress, .hash):
      guard count > 0 else { return .notice("No number") }
      return CallingScreen.call(slot: slot, number: list.selected, &context)
    case (.longPress, .star), (.tap, .softLeft):
      return .push(
        .menu(MenuScreen(.contactOptions(slot: slot, number: list.selected, fromCard: true))))
    case (.tap, .back), (.tap, .star), (.tap, .softRight):
      return .pop
    default:
      break
    }
    return .none
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    guard let contact = context.services.contacts.contact(at: slot) else { return }
    var firstRow = 0
    if context.geometry.rows > 1 {
      canvas.write((contact.starred ? "*" : "") + contact.name, row: 0)
      firstRow = 1
    }
    guard !contact.numbers.isEmpty else {
      canvas.write("(no number)", row: firstRow)
      return
    }
    for offset in 0..<context.listRows {
      let index = list.top + offset
      guard index < contact.numbers.count else { break }
      let number = contact.numbers[index]
      let row = firstRow + offset
      canvas[row, 0] = index == list.selected ? "→" : " "
      canvas.write(
        ContactRowText.labelLetter(number.label) + " " + number.text, row: row, column: 1)
    }
  }
}
