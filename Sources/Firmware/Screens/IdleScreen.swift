import CharacterLCD
import KeypadInput
import MessageStore

/// The idle screen: the owner's (or the product's) name, the clock and the
/// soft keys.
public struct IdleScreen {
  /// The clock shown.
  let clock: WallClock

  /// The idle screen of a clock that read `minutesAtStart` at instant zero.
  init(clock: WallClock) {
    self.clock = clock
  }

  /// `#`/`ok`/left soft key open the menu; a digit opens the dialer with
  /// it; hold `*` opens the dialer with `*` (service codes) — a tap of `*`
  /// does nothing, so going back with `*` stops at idle.
  func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    if gesture.kind == .longPress && gesture.key == .star {
      return .push(.dialer(DialerScreen(typing: Gesture(.tap, .star, at: gesture.time), context)))
    }
    guard gesture.kind == .tap else { return .none }
    switch gesture.key {
    case .ok, .softLeft, .hash: return .push(.menu(MenuScreen(.main)))
    case .softRight: return .push(.contacts(ContactsScreen()))
    case .call: return .push(.dialer(DialerScreen(typing: nil, context)))
    default:
      guard gesture.key.digit != nil else { return .none }
      return .push(.dialer(DialerScreen(typing: gesture, context)))
    }
  }

  /// The minute changes: the clock needs a redraw.
  func deadline(_ context: ScreenContext) -> Instant? { clock.nextMinute(after: context.now) }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let settings = context.settings
    let time = clock.text(at: context.now)
    let name = settings.ownerName.isEmpty ? Phone.productName : settings.ownerName
    if geometry.rows >= 3 {
      canvas.write(Phone.productName, row: 0)
      if !settings.ownerName.isEmpty { canvas.writeCentered(settings.ownerName, row: 1) }
    } else {
      canvas.write(name, row: 0, width: geometry.columns - time.count - 1)
    }
    canvas.writeRight(time, row: 0)
    let unread = context.services.messages.unreadCount
    guard geometry.rows >= 2 else {
      if unread > 0 { canvas[0, geometry.columns - time.count - 1] = "✉" }
      return
    }
    let last = geometry.rows - 1
    canvas.write("Menu", row: last)
    canvas.writeRight("Names", row: last)
    guard unread > 0 else { return }
    if geometry.rows >= 3 {
      canvas.writeCentered("\(unread) new message\(unread == 1 ? "" : "s")", row: last - 1)
    } else {
      canvas.writeCentered("✉\(unread)", row: last)
    }
  }
}
