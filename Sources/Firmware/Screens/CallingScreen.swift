import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import TextEntry

/// A call in progress, to a contact or to the number typed, until `end`
/// (or `*`, `back`, the right soft key).
public struct CallingScreen {
  /// The contact called, if the call is to one.
  public let slot: Int?
  /// The number called.
  private var number: TextBuffer

  /// A call to `number` (of the contact in `slot`, if any).
  init(slot: Int?, number text: String) {
    self.slot = slot
    self.number = TextBuffer(capacity: Phone.numberCapacity + 16)
    _ = number.set(text)
  }

  /// Calls number `index` of the contact in `slot`: the contact's times
  /// used and last used go up, and the call screen opens.
  static func call(slot: Int, number index: Int, _ context: inout ScreenContext) -> ScreenAction {
    guard let contact = context.services.contacts.contact(at: slot), index < contact.numbers.count
    else { return .none }
    let number = contact.numbers[index].text
    context.services.recordCall(at: slot, time: context.epochSeconds)
    context.log(.info, LogTag("contacts", "call"), "calling \(contact.name) \(number)")
    return .push(.calling(CallingScreen(slot: slot, number: number)))
  }

  /// The number called.
  public var numberText: String { number.string }

  func handle(_ gesture: Gesture) -> ScreenAction {
    guard gesture.kind == .tap else { return .none }
    switch gesture.key {
    case .star, .back, .softRight: return ScreenAction(.idle)
    default: return .none
    }
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let who = slot.flatMap { context.services.contacts.contact(at: $0)?.name } ?? numberText
    if geometry.rows == 1 {
      canvas.write("Calling " + who, row: 0)
      return
    }
    canvas.write("Calling", row: 0)
    canvas.write(who, row: 1)
    if geometry.rows > 2, slot != nil { canvas.write(numberText, row: 2) }
    canvas.write(geometry.rows > 2 ? "End: * or end" : "", row: geometry.rows - 1)
  }
}
