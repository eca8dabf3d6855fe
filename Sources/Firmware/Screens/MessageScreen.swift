import CharacterLCD
import KeypadInput
import MessageStore
import SMS
import TextEntry

/// One message read: who and when on the first row, the text wrapped
/// below, scrolled a row at a time with the arrows (or `2`/`8`). A stored
/// message has options (`ok`, the left soft key); a flash message is shown
/// once and closed with any of `ok`, `back` or the right soft key.
public struct MessageScreen {
  /// The message read (nil: a flash message, not stored).
  public let id: UInt32?
  /// The folder it is in (its options depend on it).
  let folder: MessageFolder
  /// Who it is from or to, and when.
  let header: String
  /// The number to reply to or call, as the message carries it.
  let address: PhoneAddress
  /// The text, wrapped as an editor wraps it, one column narrower than
  /// the glass.
  let text: TextBuffer
  /// The first line shown.
  var top = 0

  /// Opens stored message `id`, marking it read.
  init(reading id: UInt32, _ context: inout ScreenContext) {
    self.id = id
    let box = context.services.messages
    let summary = box.summary(id: id)
    var scalars: [Unicode.Scalar] = []
    box.text(of: id, into: &scalars)
    address = summary?.address ?? PhoneAddress(length: 0, typeOfAddress: 0x81, octets: [])
    header = MessageScreen.header(summary, context)
    var buffer = TextBuffer(capacity: scalars.count)
    _ = buffer.set(String(String.UnicodeScalarView(scalars)))
    text = buffer
    folder = summary?.folder ?? .inbox
    if summary?.status == .unread { context.services.messages.markRead(id: id) }
  }

  /// A flash message from `address`.
  init(flashFrom address: PhoneAddress, text scalars: [Unicode.Scalar]) {
    id = nil
    folder = .inbox
    self.address = address
    header = address.text
    var buffer = TextBuffer(capacity: scalars.count)
    _ = buffer.set(String(String.UnicodeScalarView(scalars)))
    text = buffer
  }

  private static func header(_ summary: MessageSummary?, _ context: ScreenContext) -> String {
    guard let summary else { return "" }
    let who = MessageNames.shown(
      summary.address, book: context.services.contacts, country: context.settings.country)
    guard let time = summary.time else { return who }
    // Shown on the phone's clock, whatever zone the network stamped it in.
    let local = SMSTimestamp(
      epochSeconds: Int64(time.secondsSince2000) + 946_684_800,
      offsetQuarterHours: context.settings.utcOffsetQuarterHours)
    let clock = local.description.dropFirst(11).prefix(5)
    return who + " " + clock
  }

  /// Opens draft `id` in the message editor: its text becomes the draft,
  /// its recipient the message's, and the draft is deleted from drafts.
  static func editDraft(_ id: UInt32, _ context: inout ScreenContext) -> ScreenAction {
    takeIntoDraft(id, &context)
    return .push(.editor(EditorScreen(opening: .message, context)))
  }

  /// Makes message `id` the draft (its text, its recipient) and deletes
  /// it from its folder.
  static func takeIntoDraft(_ id: UInt32, _ context: inout ScreenContext) {
    let box = context.services.messages
    var scalars: [Unicode.Scalar] = []
    box.text(of: id, into: &scalars)
    let recipient = box.summary(id: id)?.address
    context.services.recipient = recipient.flatMap { $0.length > 0 ? $0 : nil }
    _ = context.services.draft.setText(String(String.UnicodeScalarView(scalars)))
    context.services.messages.delete(id: id)
  }

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let rows = Swift.max(1, context.geometry.rows - (context.geometry.rows > 1 ? 1 : 0))
    let lines = EditorLayout(width: context.geometry.columns - 1).lineCount(of: text)
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up), (.tap, .two):
      top = Swift.max(0, top - 1)
    case (.tap, .down), (.repeatPress, .down), (.tap, .eight):
      top = Swift.min(Swift.max(0, lines - rows), top + 1)
    case (.tap, .ok), (.tap, .softLeft):
      guard let id else { return .pop }
      return .push(
        .menu(MenuScreen(folder == .outbox ? .outboxOptions(id: id) : .readOptions(id: id))))
    case (.tap, .back), (.tap, .softRight), (.tap, .star):
      return .pop
    case (.tap, .call):
      return .push(CallingScreen.dial(address.text, slot: nil, &context))
    default:
      break
    }
    return .none
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    var firstRow = 0
    if geometry.rows > 1 {
      canvas.write(header, row: 0)
      firstRow = 1
    }
    // The last column is kept for the scroll marks: they never hide text.
    let layout = EditorLayout(width: geometry.columns - 1)
    var line = 0
    var column = 0
    for index in 0..<text.count {
      let scalar = text[index]
      let row = firstRow + line - top
      if line >= top, row < geometry.rows, scalar != "\n" { canvas[row, column] = scalar }
      column += 1
      if scalar == "\n" || column == layout.width {
        line += 1
        column = 0
      }
    }
    let rows = geometry.rows - firstRow
    if top > 0 { canvas[firstRow, geometry.columns - 1] = "↑" }
    if line + (column > 0 ? 1 : 0) > top + rows {
      canvas[geometry.rows - 1, geometry.columns - 1] = "↓"
    }
  }
}
