import CharacterLCD
import KeypadInput

extension Phone {
  /// The product name shown on the idle screen.
  public static let productName = "t9phone"

  /// Idle keys: `#`/`ok`/left soft key open the menu; a digit opens the
  /// dialer with it; hold `*` opens the dialer with `*` (service codes) —
  /// a tap of `*` does nothing, so going back with `*` stops at idle.
  mutating func handleIdle(_ gesture: Gesture) {
    if gesture.kind == .longPress && gesture.key == .star {
      openDialer(with: Gesture(.tap, .star, at: gesture.time))
      return
    }
    guard gesture.kind == .tap else { return }
    switch gesture.key {
    case .ok, .softLeft, .hash:
      push(.list(.mainMenu, ListState()))
    case .softRight:
      openContacts()
    case .call:
      openDialer(with: nil)
    default:
      if gesture.key.digit != nil { openDialer(with: gesture) }
    }
  }

  func renderIdle(into canvas: inout Canvas) {
    let time = clock.text(at: now)
    let name = settings.ownerName.isEmpty ? Phone.productName : settings.ownerName
    if geometry.rows >= 3 {
      canvas.write(Phone.productName, row: 0)
      if !settings.ownerName.isEmpty { canvas.writeCentered(settings.ownerName, row: 1) }
    } else {
      canvas.write(name, row: 0, width: geometry.columns - time.count - 1)
    }
    canvas.writeRight(time, row: 0)
    guard geometry.rows >= 2 else { return }
    let last = geometry.rows - 1
    canvas.write("Menu", row: last)
    canvas.writeRight("Names", row: last)
  }
}
