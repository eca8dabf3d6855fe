import CharacterLCD
import KeypadInput
import MessageStore
import SMS

/// A folder's messages, oldest first: on each row the unread mark (the
/// envelope), what is unusual about it (`(part)`, `(failed)`, `(waiting)`),
/// who it is from or to, and the start of its text. `ok` or the
/// left soft key reads the highlighted one (a draft opens in the editor).
public struct MessageListScreen {
  /// The folder listed.
  public let folder: MessageFolder
  /// The highlight and the scroll position.
  public internal(set) var list = ListState()
  /// The messages' ids, in the order shown.
  private(set) var ids: [UInt32] = []
  /// Each message's row after the mark, worked out when the store or the
  /// book changes, not at every frame.
  private var rows: [String] = []
  private var marks: [Bool] = []
  private var revision: UInt64 = .max

  /// The list of `folder`.
  init(_ folder: MessageFolder, _ context: ScreenContext) {
    self.folder = folder
    refresh(context)
  }

  /// Lists the store again if it changed since.
  mutating func refresh(_ context: ScreenContext, force: Bool = false) {
    let box = context.services.messages
    guard force || box.revision != revision else { return }
    revision = box.revision
    let messages = box.messages(
      in: folder, now: context.wallTime,
      partialAfter: Int(context.settings.partialTimeout.components.seconds))
    ids = messages.map { $0.id }
    marks = messages.map { $0.status == .unread }
    rows = messages.map { summary in
      var text: [Unicode.Scalar] = []
      box.text(of: summary.id, into: &text)
      let who = MessageNames.shown(
        summary.address, book: context.services.contacts, country: context.settings.country)
      let flag =
        switch summary.status {
        case .partial: "(part) "
        case .failed: "(failed) "
        case .queued: "(waiting) "
        case .delivered: "(delivered) "
        default: ""
        }
      // A draft may have no recipient yet: its text alone.
      return flag + (summary.address.length == 0 ? "" : who + ": ")
        + String(String.UnicodeScalarView(text.prefix(48).map { $0 == "\n" ? " " : $0 }))
    }
    if list.selected >= ids.count { list = ListState(selected: Swift.max(0, ids.count - 1)) }
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    refresh(context)
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
      list.move(by: -1, count: ids.count, visibleRows: context.listRows)
    case (.tap, .down), (.longPress, .down), (.repeatPress, .down), (.tap, .hash):
      list.move(by: 1, count: ids.count, visibleRows: context.listRows)
    case (.tap, .ok), (.tap, .softLeft), (.longPress, .hash):
      guard list.selected < ids.count else { return .none }
      let id = ids[list.selected]
      if folder == .drafts { return MessageScreen.editDraft(id, &context) }
      return .push(.message(MessageScreen(reading: id, &context)))
    case (.tap, .back), (.tap, .softRight), (.tap, .star):
      return .pop
    default:
      break
    }
    return .none
  }

  /// The store or the book changed.
  mutating func messagesChanged(_ context: ScreenContext) { refresh(context, force: true) }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    var firstRow = 0
    if geometry.rows > 1 {
      let title = folder.name.prefix(1).uppercased() + folder.name.dropFirst()
      canvas.write(title, row: 0)
      if !ids.isEmpty { canvas.writeRight("\(list.selected + 1)/\(ids.count)", row: 0) }
      firstRow = 1
    }
    guard !ids.isEmpty else {
      canvas.write("(empty)", row: firstRow)
      return
    }
    let count = context.listRows
    for offset in 0..<count {
      let index = list.top + offset
      guard index < ids.count else { break }
      let row = firstRow + offset
      canvas[row, 0] = index == list.selected ? "→" : " "
      canvas[row, 1] = marks[index] ? "✉" : " "
      canvas.write(rows[index], row: row, column: 2, width: geometry.columns - 3)
      canvas.writeScrollMarks(
        row: row, offset: offset, rows: count, index: index, list: list, count: ids.count)
    }
  }
}
