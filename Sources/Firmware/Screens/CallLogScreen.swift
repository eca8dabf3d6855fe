import CallLog
import CharacterLCD
import ContactBook
import KeypadInput
import SMS

/// The call log, newest call first: on each row who (the contact's name,
/// else the number, else "Unknown") and how long the call was connected;
/// on the title row what the highlighted call was (dialled, received,
/// missed) and when. `call`, `ok` or the left soft key calls the
/// highlighted number back (holding `#` with only the twelve keys).
public struct CallLogScreen {
  /// The highlight and the scroll position.
  public internal(set) var list = ListState()

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    let count = context.services.callLog.count
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.longPress, .up), (.repeatPress, .up):
      list.move(by: -1, count: count, visibleRows: context.listRows)
    case (.tap, .down), (.longPress, .down), (.repeatPress, .down), (.tap, .hash):
      list.move(by: 1, count: count, visibleRows: context.listRows)
    case (.tap, .call), (.tap, .ok), (.tap, .softLeft), (.longPress, .hash):
      guard let record = context.services.callLog.record(at: list.selected) else { return .none }
      guard !record.number.isEmpty else { return .notice("No number") }
      let country = context.settings.country
      let wanted = MessageNames.international(record.number, country: country)
      if let slot = slot(of: record, context),
        let index = context.services.contacts.contact(at: slot)?.numbers.firstIndex(where: {
          MessageNames.international($0.text, country: country) == wanted
        })
      {
        // The contact's own number: its times used and last used go up.
        return CallingScreen.call(slot: slot, number: index, &context)
      }
      return .push(CallingScreen.dial(record.number, slot: nil, &context))
    case (.tap, .back), (.tap, .softRight), (.tap, .star):
      return .pop
    default:
      break
    }
    return .none
  }

  /// The contact whose number the call was, if the book has it (national
  /// and international forms match).
  private func slot(of record: CallRecord, _ context: ScreenContext) -> Int? {
    MessageNames.slot(
      of: record.number, book: context.services.contacts, country: context.settings.country)
  }

  /// `Dialled`, `Received`, `Missed`.
  static func name(of kind: CallKind) -> String {
    switch kind {
    case .dialled: "Dialled"
    case .received: "Received"
    case .missed: "Missed"
    }
  }

  /// When the call was, on the phone's clock: `14:05` today, else the
  /// day and month (`27/11`).
  static func when(_ time: Int64, _ context: ScreenContext) -> String {
    let offset = context.settings.utcOffsetQuarterHours
    let call = SMSTimestamp(epochSeconds: time, offsetQuarterHours: offset)
    let today = context.wallTime
    if call.year == today.year, call.month == today.month, call.day == today.day {
      return pad(call.hour) + ":" + pad(call.minute)
    }
    return pad(call.day) + "/" + pad(call.month)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let log = context.services.callLog
    var firstRow = 0
    if geometry.rows > 1 {
      if let record = log.record(at: list.selected) {
        canvas.write(Self.name(of: record.kind) + " " + Self.when(record.time, context), row: 0)
        // The position only where it fits beside the longest title
        // ("Received 09:30"): on a 16-column glass the scroll marks say it.
        let position = "\(list.selected + 1)/\(log.count)"
        if geometry.columns >= 15 + position.count {
          canvas.writeRight(position, row: 0)
        }
      } else {
        canvas.write("Calls", row: 0)
      }
      firstRow = 1
    }
    guard log.count > 0 else {
      canvas.write("(empty)", row: firstRow)
      return
    }
    let count = context.listRows
    for offset in 0..<count {
      let index = list.top + offset
      guard let record = log.record(at: index) else { break }
      let row = firstRow + offset
      canvas[row, 0] = index == list.selected ? "→" : " "
      var who = record.number.isEmpty ? "Unknown" : record.number
      if let slot = slot(of: record, context),
        let contact = context.services.contacts.contact(at: slot)
      {
        who = contact.name
      }
      let length = record.duration > 0 ? CallingScreen.clock(.seconds(record.duration)) : ""
      let width = geometry.columns - 2 - (length.isEmpty ? 0 : length.count + 1) - 1
      canvas.write(who, row: row, column: 1, width: width)
      if !length.isEmpty {
        canvas.write(length, row: row, column: geometry.columns - 1 - length.count)
      }
      canvas.writeScrollMarks(
        row: row, offset: offset, rows: count, index: index, list: list, count: log.count)
    }
  }
}
