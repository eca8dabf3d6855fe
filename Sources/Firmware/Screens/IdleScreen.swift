import CharacterLCD
import KeypadInput
import MessageStore
import Vocabulary

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
    if gesture.kind == .longPress && gesture.key == .one {
      // Hold 1: the voice mailbox (Messages → Voicemail stores its number).
      let number = context.settings.voicemailNumber
      guard !number.isEmpty else { return .notice("No voicemail") }
      return .push(CallingScreen.dial(number, slot: nil, &context))
    }
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

  /// The signal glyph and the operator (`R` before it while roaming), or
  /// `Searching`, or `No service`.
  static func networkText(_ network: NetworkStatus) -> String {
    switch network.registration {
    case .home, .roaming:
      var text = String(Character(GlyphLibrary.signal(bars: network.bars)))
      if network.registration == .roaming { text += "R" }
      return text + (network.operatorName.isEmpty ? Phone.productName : network.operatorName)
    case .searching: return "Searching"
    case .denied, .none: return "No service"
    }
  }

  /// The minute changes: the clock needs a redraw.
  func deadline(_ context: ScreenContext) -> Instant? { clock.nextMinute(after: context.now) }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let settings = context.settings
    let time = clock.text(at: context.now)
    let name = settings.ownerName.isEmpty ? Phone.productName : settings.ownerName
    var clock = time
    if context.services.sim == .absent {
      canvas.write("Insert SIM", row: 0, width: geometry.columns - time.count - 1)
    } else if let network = context.services.network {
      // The network's row: signal and operator (or why there is none),
      // the battery before the clock on a wide glass, or when low.
      if let battery = network.battery, geometry.columns >= 20 || battery <= 20 {
        clock = "\(battery)% " + time
      }
      let width = geometry.columns - clock.count - 1
      canvas.write(IdleScreen.networkText(network), row: 0, width: width)
      if geometry.rows >= 3, !settings.ownerName.isEmpty {
        canvas.writeCentered(settings.ownerName, row: 1)
      }
    } else if geometry.rows >= 3 {
      canvas.write(Phone.productName, row: 0)
      if !settings.ownerName.isEmpty { canvas.writeCentered(settings.ownerName, row: 1) }
    } else {
      canvas.write(name, row: 0, width: geometry.columns - time.count - 1)
    }
    canvas.writeRight(clock, row: 0)
    let unread = context.services.messages.unreadCount
    let missed = context.services.missedCalls
    guard geometry.rows >= 2 else {
      if missed > 0 {
        canvas.clearRow(0)
        canvas.write("\(missed) missed", row: 0)
        canvas.writeRight(time, row: 0)
      }
      if unread > 0 { canvas[0, geometry.columns - time.count - 1] = "✉" }
      return
    }
    let last = geometry.rows - 1
    if missed > 0 {
      // Over the soft keys: the next key says the calls were seen, and
      // does nothing else.
      canvas.writeCentered("\(missed) missed call\(missed == 1 ? "" : "s")", row: last)
    } else {
      canvas.write("Menu", row: last)
      canvas.writeRight("Names", row: last)
    }
    guard unread > 0 else { return }
    if geometry.rows >= 3 {
      canvas.writeCentered("\(unread) new message\(unread == 1 ? "" : "s")", row: last - 1)
    } else if missed == 0 {
      canvas.writeCentered("✉\(unread)", row: last)
    } else {
      canvas[0, geometry.columns - time.count - 1] = "✉"
    }
  }
}
