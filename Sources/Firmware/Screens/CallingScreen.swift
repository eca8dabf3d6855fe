import CallLog
import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import Vocabulary

/// A voice call, dialled or ringing in, following the state the modem
/// reports: dialling, ringing, talking with a running duration, and how it
/// ended, shown for a moment before the phone returns to the screen the
/// call interrupted (an editor with its text and cursor as they were).
///
/// Keys: `call` or the left soft key answers, `end` or the right soft key
/// hangs up or rejects; with only the twelve keys, holding `#` answers and
/// holding `*` hangs up. While the call is up, taps of `0`–`9`, `*` and `#`
/// are DTMF tones, shown as they go.
///
/// Without a modem nothing is dialled: the screen shows the number called
/// until `end`, `*`, `back` or the right soft key.
public struct CallingScreen {
  /// Who started the call.
  public enum Direction: Sendable, Hashable {
    /// The phone dialled.
    case outgoing
    /// Somebody called the phone.
    case incoming
  }

  /// The contact called or calling, if the number is in the book.
  public private(set) var slot: Int?
  /// The number called or calling (empty: withheld, or not known yet).
  public private(set) var numberText: String
  /// Who started the call.
  public let direction: Direction
  /// The call's state as shown (`.idle` once it ended).
  public private(set) var state: CallState
  /// Why the call ended, once it has.
  public private(set) var ending: CallEnd?
  /// Whether this phone's user answered the incoming call.
  public private(set) var answered = false
  /// Whether this phone's user ended the call (hung up, or rejected it).
  public private(set) var endedHere = false
  /// The tones played in the call, as typed.
  public private(set) var tones = ""
  private let withModem: Bool
  /// Whether the dialer under the screen closes with it: its number was
  /// called, and the phone returns to where the dialer was opened.
  private var closesDialer = false
  /// When the call was dialled or began to ring.
  private let startedAt: Instant
  private var connectedAt: Instant?
  private var endedAt: Instant?
  /// Whether the call, ended, is in the call log.
  var logged = false

  /// The most tones shown (the earliest scroll away).
  static let shownTones = 32

  /// How long the end of a call stays on the glass.
  static let endShownFor = Duration.seconds(2)

  /// A call from this phone to `number` (of the contact in `slot`, if
  /// any): with a modem, dialled at once.
  static func dial(
    _ number: String, slot: Int?, fromDialer: Bool = false, _ context: inout ScreenContext
  ) -> Screen {
    let dialled = String(
      String.UnicodeScalarView(
        number.unicodeScalars.filter {
          ("0"..."9").contains($0) || "+*#".unicodeScalars.contains($0)
        }
      ))
    let known =
      slot
      ?? MessageNames.slot(
        of: number, book: context.services.contacts, country: context.settings.country)
    var screen = CallingScreen(
      slot: known, number: number, direction: .outgoing, withModem: context.services.hasModem,
      at: context.now)
    screen.closesDialer = fromDialer
    if screen.withModem {
      if dialled.isEmpty || !context.services.requestModem(.dial(dialled)) {
        screen.end(.failed, at: context.now)
      } else {
        context.services.callState = .dialing
        context.log(.info, LogTag("calls", "dial"), "dialling \(dialled)")
      }
    }
    return .calling(screen)
  }

  /// Calls number `index` of the contact in `slot`: the contact's times
  /// used and last used go up, and the call screen opens.
  static func call(
    slot: Int, number index: Int, fromDialer: Bool = false, _ context: inout ScreenContext
  ) -> ScreenAction {
    guard let contact = context.services.contacts.contact(at: slot), index < contact.numbers.count
    else { return .none }
    let number = contact.numbers[index].text
    context.services.recordCall(at: slot, time: context.epochSeconds)
    context.log(.info, LogTag("contacts", "call"), "calling \(contact.name) \(number)")
    // A contact whose number is a service code (Check Balance, *123#)
    // starts a USSD session through a modem.
    if context.services.hasModem, USSDScreen.isCode(number) {
      return .push(USSDScreen.start(number, fromDialer: fromDialer, &context))
    }
    return .push(dial(number, slot: slot, fromDialer: fromDialer, &context))
  }

  /// A call ringing in (its number follows with `identify`).
  static func incoming(_ context: ScreenContext) -> CallingScreen {
    CallingScreen(
      slot: nil, number: "", direction: .incoming, withModem: true, at: context.now)
  }

  private init(
    slot: Int?, number: String, direction: Direction, withModem: Bool, at time: Instant
  ) {
    startedAt = time
    self.slot = slot
    self.numberText = number
    self.direction = direction
    self.withModem = withModem
    state = direction == .incoming ? .incoming : (withModem ? .dialing : .idle)
  }

  // MARK: - What the modem says

  /// The caller is `number`: the contact's name is shown when the book has
  /// it (national and international forms match).
  mutating func identify(_ number: String, _ context: ScreenContext) {
    numberText = number
    slot = MessageNames.slot(
      of: number, book: context.services.contacts, country: context.settings.country)
  }

  /// The modem reports the call in `newState`.
  mutating func follow(_ newState: CallState, at time: Instant) {
    guard ending == nil, newState != .idle else { return }
    if newState == .active, connectedAt == nil { connectedAt = time }
    state = newState
  }

  /// The call ended, for `reason`, at `time`.
  mutating func end(_ reason: CallEnd, at time: Instant) {
    guard ending == nil else { return }
    ending = reason
    endedAt = time
    state = .idle
  }

  /// Whether the call rang in and nobody here answered or rejected it.
  var isMissed: Bool {
    direction == .incoming && !answered && !endedHere && ending != nil
  }

  /// The call's length so far (or in all, once ended).
  func duration(at time: Instant) -> Duration {
    guard let connectedAt else { return .zero }
    return (endedAt ?? time) - connectedAt
  }

  /// The call's entry in the call log, once it ended (nil before, or
  /// without a modem: nothing was called). A call rejected here is logged
  /// as missed, as it was not taken.
  func record(_ context: ScreenContext) -> CallRecord? {
    guard withModem, ending != nil else { return nil }
    let kind: CallKind =
      direction == .outgoing ? .dialled : (connectedAt == nil ? .missed : .received)
    let seconds = duration(at: context.now).components.seconds
    return CallRecord(
      kind: kind, number: numberText,
      time: context.epochSeconds(at: startedAt),
      duration: UInt32(clamping: seconds))
  }

  /// The screens that close when the call's end has been shown: this
  /// one, and the dialer the call was made from.
  var screensClosed: Int { closesDialer ? 2 : 1 }

  /// When the screen closes (the end shown long enough), once the call
  /// ended.
  var closesAt: Instant? { endedAt.map { $0 + Self.endShownFor } }

  // MARK: - Keys

  mutating func handle(_ gesture: Gesture, _ context: inout ScreenContext) -> ScreenAction {
    guard withModem else {
      guard gesture.kind == .tap else { return .none }
      switch gesture.key {
      case .star, .back, .softRight, .end: return ScreenAction(.idle)
      default: return .none
      }
    }
    if ending != nil {
      // The end shown: any key closes it at once.
      return gesture.kind == .tap ? ScreenAction(.pop(screensClosed)) : .none
    }
    switch (gesture.kind, gesture.key) {
    case (.tap, .call), (.tap, .softLeft), (.tap, .ok), (.longPress, .hash):
      guard state == .incoming, !answered else { return .none }
      answered = context.services.requestModem(.answer)
      context.log(.info, LogTag("calls", "answer"), "answering")
      return .none
    case (.tap, .end), (.tap, .softRight), (.tap, .back), (.longPress, .star):
      endedHere = true
      context.log(
        .info, LogTag("calls", "end"), state == .incoming ? "rejecting the call" : "hanging up")
      if !context.services.requestModem(.hangUp) { end(.hungUp, at: context.now) }
      return .none
    case (.tap, let key):
      guard state == .active, let tone = key.toneCharacter else { return .none }
      guard context.services.requestModem(.tone(tone)) else { return .none }
      if tones.unicodeScalars.count >= Self.shownTones { tones.removeFirst() }
      tones.unicodeScalars.append(Unicode.Scalar(tone))
      return .none
    default:
      return .none
    }
  }

  // MARK: - Time

  /// The next redraw: the next second of a running call, or the end of
  /// the end shown.
  func deadline(_ context: ScreenContext) -> Instant? {
    if let closesAt { return closesAt }
    guard state == .active, let connectedAt else { return nil }
    let elapsed = (context.now - connectedAt).components.seconds
    return connectedAt + .seconds(elapsed + 1)
  }

  // MARK: - Drawing

  /// `1:05`, `12:00`, `1:02:03`.
  static func clock(_ duration: Duration) -> String {
    let seconds = Swift.max(0, duration.components.seconds)
    let minutes = seconds / 60
    let tail = (seconds % 60 < 10 ? ":0" : ":") + String(seconds % 60)
    guard minutes >= 60 else { return String(minutes) + tail }
    return String(minutes / 60) + (minutes % 60 < 10 ? ":0" : ":") + String(minutes % 60) + tail
  }

  /// The screen's first words: what the call is doing.
  func headline(_ context: ScreenContext) -> String {
    guard withModem else { return "Calling" }
    if let ending {
      switch ending {
      case .busy: return "Busy"
      case .noAnswer: return "No answer"
      case .failed: return "Call failed"
      case .hungUp:
        if isMissed { return "Missed call" }
        return connectedAt == nil ? "Call ended" : "Ended " + Self.clock(duration(at: context.now))
      }
    }
    switch state {
    case .dialing, .idle: return "Calling"
    case .ringing: return "Ringing"
    case .incoming: return answered ? "Answering" : "Call from"
    case .active: return Self.clock(duration(at: context.now))
    }
  }

  /// The contact's name, else the number, else "Unknown".
  func who(_ context: ScreenContext) -> String {
    if let slot, let contact = context.services.contacts.contact(at: slot) { return contact.name }
    return numberText.isEmpty ? "Unknown" : numberText
  }

  func render(into canvas: inout Canvas, _ context: ScreenContext) {
    let geometry = context.geometry
    let headline = headline(context)
    let who = who(context)
    if geometry.rows == 1 {
      canvas.write(headline + " " + who, row: 0)
      return
    }
    canvas.write(headline, row: 0)
    if state == .active, !tones.isEmpty, geometry.rows == 2 {
      // Tones typed take the name's row, the latest at its end.
      let shown = String(String.UnicodeScalarView(tones.unicodeScalars.suffix(geometry.columns)))
      canvas.writeRight(shown, row: 1)
    } else {
      canvas.write(who, row: 1)
    }
    guard geometry.rows > 2 else { return }
    if slot != nil, !numberText.isEmpty { canvas.write(numberText, row: 2) }
    if state == .active, !tones.isEmpty {
      canvas.clearRow(2)
      canvas.writeRight(
        String(String.UnicodeScalarView(tones.unicodeScalars.suffix(geometry.columns))), row: 2)
    }
    let last = geometry.rows - 1
    guard withModem else {
      canvas.write("End: * or end", row: last)
      return
    }
    guard ending == nil else { return }
    if state == .incoming, !answered {
      canvas.write("Answer", row: last)
      canvas.writeRight("Reject", row: last)
    } else {
      canvas.writeRight("End", row: last)
    }
  }
}

extension Key {
  /// The DTMF tone of the key (`0`–`9`, `*`, `#`), as an ASCII byte.
  var toneCharacter: UInt8? {
    if let digit { return UInt8(ascii: "0") + digit }
    switch self {
    case .star: return UInt8(ascii: "*")
    case .hash: return UInt8(ascii: "#")
    default: return nil
    }
  }
}
