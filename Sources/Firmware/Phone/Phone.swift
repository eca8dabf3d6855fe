import CallLog
import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import MessageStore
import SMS
import T9Engine
import TextEntry

/// The phone's firmware: key events in, a canvas for the LCD out.
///
/// Non-copyable, with no I/O and no clock of its own (one phone per
/// harness, lent in place): every input carries its
/// time, `nextDeadline` says when the firmware next needs to run without
/// input (multi-tap timeout, long press, notice, clock tick) and
/// `fire(at:)` runs what is due then (`Scheduled`: `Scheduler` moves its
/// time). The phone keeps what screens share — the navigation stack, the
/// gesture recogniser, the time and settings, the notice and backlight, and
/// the services; each screen owns its own state.
public struct Phone: ~Copyable, Scheduled {
  /// The settings, the display, the time, the log and the services, as
  /// screens are handed them.
  var context: ScreenContext
  var recognizer: GestureRecognizer
  var stack: [Screen]
  var notice: Notice?
  var backlightUntil: Instant
  /// Changes whenever what `render(into:)` draws may have changed: a
  /// gesture handled, a timer fired, the backlight lit, the keypad gone or
  /// back, a repair. Between two changes the phone draws the same canvas,
  /// so whoever draws it (the harness) skips the drawing — most key
  /// presses only start a gesture that their release finishes.
  var drawingRevision: UInt64 = 0

  /// The most screens the navigation stack holds.
  public static let maximumDepth = 8
  /// How many characters a message holds.
  public static let messageCapacity = 459
  /// How many characters a name holds.
  public static let nameCapacity = 40
  /// How many characters a phone number holds.
  public static let numberCapacity = 32
  /// The product name shown on the idle screen.
  public static let productName = "t9phone"

  /// Boots the firmware at `time` on `start`, with `draft` as the message
  /// being written (what a reopened message editor shows; one that does not
  /// fit is refused and logged).
  public init(
    settings: PhoneSettings = PhoneSettings(),
    geometry: LCDGeometry = .lcd16x2,
    log: Log = .disabled,
    predictors: [Language: Predictor] = [:],
    learning: [Language: UserDictionary] = [:],
    contacts: ContactBook? = nil,
    bookFile: BookFile? = nil,
    messages: MessageBox = MessageBox(capacity: 1),
    callLog: CallLog = CallLog(capacity: CallLog.defaultCapacity),
    draft: String? = nil,
    start: StartScreen = .idle,
    at time: Instant = .zero
  ) {
    var services = PhoneServices(
      predictors: predictors, learning: learning, contacts: contacts ?? ContactBook.placeholder(),
      bookFile: bookFile, messages: messages, callLog: callLog, settings: settings)
    if let draft, !draft.isEmpty, !services.draft.setText(draft) {
      log(
        .warning, LogTag("ui", "draft"),
        "a draft of \(draft.unicodeScalars.count) characters does not fit; starting without it")
    }
    context = ScreenContext(
      settings: settings, geometry: geometry, now: time, log: log, services: services)
    recognizer = GestureRecognizer(settings: settings.gestures)
    stack = [.idle(IdleScreen(clock: settings.wallClock))]
    stack.reserveCapacity(Phone.maximumDepth)
    backlightUntil = time + settings.backlightTimeout
    switch start {
    case .idle: break
    case .menu: push(.menu(MenuScreen(.main)))
    case .compose: push(.editor(EditorScreen(opening: .message, context)))
    case .settings: push(.menu(MenuScreen(.settings)))
    case .contacts: push(.contacts(ContactsScreen()))
    case .dialer: push(.dialer(DialerScreen(typing: nil, context)))
    }
  }

  // MARK: - Shared state

  /// The settings in force.
  public var settings: PhoneSettings { context.settings }
  /// The display the firmware draws for.
  public var geometry: LCDGeometry { context.geometry }
  /// The time of the latest input or timer.
  public var now: Instant { context.now }
  /// Where the firmware sends its log records.
  public var log: Log {
    get { context.log }
    set { context.log = newValue }
  }
  /// T9 prediction per language, for the languages whose dictionary loaded.
  public var predictors: [Language: Predictor] { context.services.predictors }
  /// The contact book.
  public var contacts: ContactBook { context.services.contacts }
  /// What T9 learned, per language (to save it).
  public var learning: LearningStores { context.services.learning }

  /// Takes the book-file writes made since the last call (the executable
  /// writes them to disk; scenarios may ignore them).
  public mutating func takeBookWrites() -> [BookWrite] { context.services.takeBookWrites() }

  // MARK: - Time

  /// When the firmware next needs to run without input, if ever.
  @inline(__always)
  public var nextDeadline: Instant? {
    var earliest = recognizer.nextDeadline
    func consider(_ instant: Instant?) {
      guard let instant else { return }
      if let current = earliest, current <= instant { return }
      earliest = instant
    }
    consider(stack[focusedIndex].deadline(context))
    consider(notice?.until)
    if backlightUntil > now { consider(backlightUntil) }
    return earliest
  }

  /// Brings the phone to `time`: every timer due at or before it runs
  /// (a gesture's, the editor's multi-tap commit, a notice's end, the clock
  /// and the backlight, which need only a redraw), and the phone's time
  /// becomes `time`. `Scheduler` fires it at each deadline in turn, so
  /// timers run in time order; a `time` before `now` changes nothing.
  public mutating func fire(at time: Instant) {
    guard time >= now else { return }
    let due = nextDeadline.map { $0 <= time } ?? false
    context.now = time
    guard due else { return }
    drawingRevision &+= 1
    for gesture in recognizer.fire(upTo: time, log: context.log) { dispatch(gesture) }
    if stack[focusedIndex].fire(at: time, &context) {
      context.log(.debug, LogTag("input", "multitap"), "timeout: letter committed")
    }
    if let notice, notice.until <= time { self.notice = nil }
    closeEndedCall(at: time)
  }

  /// Handles one key edge from the keypad, stamped on the firmware's clock:
  /// the timers due before it run first (under a supervisor they already
  /// have, and this moves nothing). An edge older than the last is refused
  /// and logged: only a caller that bypasses the supervisor's input clock
  /// can send one.
  public mutating func handle(_ event: KeyEvent) {
    guard event.time >= now else {
      context.log(
        .error, LogTag("keypad", "gesture"),
        "time went backwards from \(now) to \(event.time); \(event.key.name) \(event.action) ignored"
      )
      return
    }
    // At its own time the phone was fired already (by a supervisor's
    // scheduler): nothing is due.
    if event.time > now { advance(to: event.time) }
    if event.action == .press {
      if !backlightOn { drawingRevision &+= 1 }
      backlightUntil = event.time + context.settings.backlightTimeout
    }
    for gesture in recognizer.handle(event, log: context.log) { dispatch(gesture) }
  }

  /// Whether the backlight is on.
  public var backlightOn: Bool { now < backlightUntil }

  /// Whether the keypad is there. While it is unplugged the glass says so
  /// over the current screen; every text, contact and setting is kept.
  public private(set) var keypadConnected = true

  /// The keypad went away (unplugged): keys it held are forgotten without
  /// acting (their releases will never come), and the glass says so.
  public mutating func keypadDisconnected(at time: Instant) {
    advance(to: time)
    drawingRevision &+= 1
    recognizer.forgetKeys()
    keypadConnected = false
    context.log(.info, LogTag("keypad", "device"), "keypad disconnected")
  }

  /// The keypad is back: typing continues where it was.
  public mutating func keypadConnected(at time: Instant) {
    advance(to: time)
    drawingRevision &+= 1
    keypadConnected = true
    backlightUntil = time + context.settings.backlightTimeout
    context.log(.info, LogTag("keypad", "device"), "keypad connected")
  }

  // MARK: - Keys held

  /// How many keys the firmware holds down (their releases have not come).
  public var keysDownCount: Int { recognizer.keysDownCount }

  /// The `index`-th key held, in press order (`index < keysDownCount`).
  public func keyDown(at index: Int) -> Key { recognizer.keyDown(at: index) }

  /// When the `index`-th key held went down.
  public func keyDownTime(at index: Int) -> Instant { recognizer.keyDownTime(at: index) }

  /// Releases found lost so far (a key pressed again while held).
  public var lostReleases: Int { recognizer.lostReleases }

  /// Keys held past the stuck limit so far, treated as released.
  public var stuckKeys: Int { recognizer.stuckKeys }

  /// The message draft as it stands while its editor is closed.
  public var draft: TextBuffer { context.services.draft.buffer }

  /// Whether the idle screen is shown with nothing over it.
  public var isIdle: Bool {
    guard stack.count == 1, case .idle = stack[0] else { return false }
    return true
  }

  /// Whether the phone rests on the idle screen: no key down, the keypad
  /// there, no notice shown — a state a replay can start from.
  public var isAtRest: Bool {
    isIdle && keysDownCount == 0 && keypadConnected && notice == nil
  }

  // MARK: - State for scenarios

  /// The screen on top of the navigation stack.
  public var top: Screen { stack[stack.count - 1] }

  /// The name of the screen shown (`idle`, `menu`, `compose`…).
  public var screenName: String { top.name }

  /// The focused field's full content, pending letter included.
  public var focusedText: String? { stack[focusedIndex].editor?.text }

  /// The focused field's mode indicator (`Abc`, `123`…).
  public var modeIndicator: String? { stack[focusedIndex].editor?.indicator }

  /// The notice shown, if any.
  public var noticeText: String? { notice?.text }

  /// The screen whose field has the focus and whose timer runs: the top
  /// one, or the editor under the symbol table.
  @inline(__always)
  var focusedIndex: Int {
    let top = stack.count - 1
    if case .symbols = stack[top], top > 0 { return top - 1 }
    return top
  }

  // MARK: - Dispatch

  mutating func dispatch(_ gesture: Gesture) {
    drawingRevision &+= 1
    if case .pin = top, gesture.key == .end {
      // The SIM's PIN is asked for until it is given: `end` does not
      // leave it (emergency numbers are dialled from it).
      return
    }
    if gesture.key == .end && gesture.kind == .tap, callScreenIndex == nil {
      endUSSDSession()
      apply(ScreenAction(.idle))
      return
    }
    if missedCalls > 0, isIdle, gesture.kind == .tap {
      // The idle screen showed the missed calls; the key that follows
      // says they were seen: `ok` or the left soft key opens the call log
      // on them, any other key does nothing else.
      missedCallsSeen()
      if gesture.key == .ok || gesture.key == .softLeft { push(.calls(CallLogScreen())) }
      return
    }
    let depth = stack.count
    let before = top.name
    let revision = context.services.contacts.revision
    let messagesRevision = context.services.messages.revision
    let action = stack[stack.count - 1].handle(gesture, &context)
    apply(action)
    logEndedCall()
    if context.services.contacts.revision != revision {
      for index in stack.indices { stack[index].bookChanged(context) }
    }
    if context.services.messages.revision != messagesRevision { messagesChanged() }
    // A saved long-press time takes effect at once (and only a change is
    // handed over: the recogniser works out its next deadline again then).
    if recognizer.settings != context.settings.gestures {
      recognizer.settings = context.settings.gestures
    }
    // A held key that opened or closed a screen is done: its repeats must
    // not act on the new screen (hold # to open an item, then delete).
    if gesture.kind != .tap && (stack.count != depth || top.name != before) {
      recognizer.settle(gesture.key)
    }
  }

  /// Carries out what a screen asked: the stack changes, then the notice,
  /// then the command for the screen now on top.
  mutating func apply(_ action: ScreenAction) {
    switch action.navigation {
    case .stay: break
    case .push(let screen): push(screen)
    case .pop(let count): for _ in 0..<count { pop() }
    case .replace(let screen):
      pop()
      push(screen)
    case .popAndPush(let count, let screen):
      for _ in 0..<count { pop() }
      push(screen)
    case .idle: goIdle()
    }
    if let text = action.notice { show(notice: text) }
    if let command = action.command {
      apply(stack[stack.count - 1].perform(command, &context))
    }
  }

  mutating func push(_ screen: Screen) {
    guard stack.count < Phone.maximumDepth else {
      context.log(
        .error, LogTag("ui", "screen"), "navigation stack full; \(screen.name) not opened")
      return
    }
    context.log(.debug, LogTag("ui", "screen"), "\(top.name) → \(screen.name)")
    stack.append(screen)
    notice = nil
  }

  mutating func pop() {
    guard stack.count > 1 else { return }
    var closed = stack.removeLast()
    closed.close(&context)
    notice = nil
    context.log(.debug, LogTag("ui", "screen"), "\(closed.name) → \(top.name)")
  }

  mutating func goIdle() {
    if stack.count > 1 {
      context.log(.debug, LogTag("ui", "screen"), "\(top.name) → idle")
    }
    while stack.count > 1 {
      var closed = stack.removeLast()
      closed.close(&context)
    }
    notice = nil
  }

  mutating func show(notice text: String) {
    context.log(.info, LogTag("ui", "notice"), text)
    notice = Notice(text: text, until: now + context.settings.noticeDuration)
  }

  // MARK: - Drawing

  /// Draws the current screen.
  public func render(into canvas: inout Canvas) {
    canvas.clear()
    canvas.backlight = backlightOn
    let top = top
    top.render(into: &canvas, context, notice: notice)
    let geometry = context.geometry
    if let notice, !top.drawsNotice {
      let row = geometry.rows - 1
      canvas.clearRow(row)
      canvas.write(notice.text, row: row)
    }
    if !keypadConnected {
      // Over the bottom of the screen: one row where it fits, else
      // "Keypad" and "disconnected" on the last two rows.
      let last = geometry.rows - 1
      if geometry.columns >= 19 || geometry.rows == 1 {
        canvas.clearRow(last)
        canvas.writeCentered("Keypad disconnected", row: last)
      } else {
        canvas.clearRow(last - 1)
        canvas.clearRow(last)
        canvas.writeCentered("Keypad", row: last - 1)
        canvas.writeCentered("disconnected", row: last)
      }
    }
  }
}
