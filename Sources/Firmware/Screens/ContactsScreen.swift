import CharacterLCD
import ContactBook
import KeypadInput

/// The contact list, filtered live by T9 digits: the best matches of the
/// query typed, else every contact in alphabetical order.
public struct ContactsScreen {
  /// The T9 search typed so far (its storage is reserved on the first key
  /// and kept).
  public private(set) var search = ContactSearch()
  /// The highlight and the scroll position.
  public private(set) var list = ListState()

  /// An unfiltered list, the first contact highlighted.
  init() {}

  /// How many rows the list has.
  func count(_ book: ContactBook) -> Int {
    search.query.isEmpty ? book.count : search.rankedCount
  }

  /// The slot on row `index` (no allocation: the list is read row by row).
  func slot(at index: Int, _ book: ContactBook) -> Int? {
    search.query.isEmpty ? book.slot(alphabeticalAt: index) : search.ranked(at: index)?.slot
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let book = context.services.contacts
    let count = count(book)
    let selected = slot(at: list.selected, book)
    switch (gesture.kind, gesture.key) {
    case (.tap, let key) where key.digit != nil:
      search.type(Character(key.name), in: book)
      list = ListState()
    case (.tap, .up), (.repeatPress, .up):
      list.move(by: -1, count: count, visibleRows: context.listRows)
    case (.tap, .down), (.repeatPress, .down), (.tap, .hash):
      list.move(by: 1, count: count, visibleRows: context.listRows)
    case (.tap, .call):
      guard let selected else { return .none }
      return CallingScreen.call(slot: selected, number: 0, &context)
    case (.tap, .ok), (.longPress, .hash):
      guard let selected else { return .none }
      return .push(.contact(ContactScreen(slot: selected)))
    case (.tap, .back), (.tap, .star):
      if search.query.isEmpty { return .pop }
      search.deleteLast()
      list = ListState()
    case (.longPress, .back):
      search.clear()
      list = ListState()
    case (.longPress, .star), (.tap, .softLeft):
      return .push(
        .menu(MenuScreen(.contactOptions(slot: selected, number: 0, fromCard: false))))
    case (.tap, .softRight):
      return .pop
    default:
      break
    }
    return .none
  }

  /// The book changed under the list: the search follows it.
  mutating func bookChanged(_ book: ContactBook) {
    search.refresh(in: book)
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let book = context.services.contacts
    let geometry = context.geometry
    let query = search.query
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write("Contacts", row: 0)
      canvas.writeRight(query.isEmpty ? "\(book.count)" : query, row: 0)
      firstRow = 1
    }
    let count = count(book)
    guard count > 0 else {
      canvas.write(query.isEmpty ? "(no contacts)" : "(no match)", row: firstRow)
      return
    }
    let rows = context.listRows
    for offset in 0..<rows {
      let index = list.top + offset
      // A filtered row is a result with what matched; an unfiltered one a name.
      let result = query.isEmpty ? nil : search.result(at: index, in: book)
      guard index < count, let slot = result?.slot ?? slot(at: index, book),
        let contact = book.contact(at: slot)
      else { break }
      let row = firstRow + offset
      canvas[row, 0] = index == list.selected ? "→" : " "
      let text = result.map { ContactRowText.shown($0, contact) } ?? contact.name
      canvas.write(text, row: row, column: 1, width: geometry.columns - 2)
      canvas.writeScrollMarks(
        row: row, offset: offset, rows: rows, index: index, list: list, count: count)
    }
  }
}
