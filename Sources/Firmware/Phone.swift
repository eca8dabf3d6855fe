import CharacterLCD
import ContactBook
import Diagnostics
import KeypadInput
import T9Engine
import TextEntry

/// The phone's firmware: key events in, a canvas for the LCD out.
///
/// A value type with no I/O and no clock of its own: every input carries its
/// time, `nextDeadline` says when the firmware next needs to run without
/// input (multi-tap timeout, long press, notice, clock tick) and
/// `advance(to:)` runs it. The same code drives the terminal simulator,
/// scenarios and a real keypad.
public struct Phone {
  /// The settings in force.
  public internal(set) var settings: PhoneSettings
  /// The display the firmware draws for.
  public let geometry: LCDGeometry
  /// The time of the latest input or timer.
  public internal(set) var now: Instant
  /// Where the firmware sends its log records.
  public var log: Log

  /// T9 prediction per language, for the languages whose dictionary loaded.
  public let predictors: [Language: Predictor]
  /// The contact book.
  public internal(set) var contacts: ContactBook {
    // A change to the book brings the contact list's search up to date.
    didSet { contactSearch.refresh(in: contacts) }
  }
  var bookFile: BookFile?
  var bookWrites: [BookWrite] = []
  var contactSearch = ContactSearch()
  var dialer: TextEditor
  /// The dialer's best matches for the number typed.
  var dialerMatches: [ContactResult] = []
  var callNumber = ""
  var recognizer: GestureRecognizer
  var stack: [Screen]
  var message: TextEditor
  var field: TextEditor
  var editorTopLine = 0
  var notice: Notice?
  var backlightUntil: Instant
  var clock: WallClock

  /// The most screens the navigation stack holds.
  public static let maximumDepth = 8
  /// How many characters a message holds.
  public static let messageCapacity = 459
  /// How many characters a name holds.
  public static let nameCapacity = 40
  /// How many characters a phone number holds.
  public static let numberCapacity = 32

  /// Boots the firmware at `time` on `start`.
  public init(
    settings: PhoneSettings = PhoneSettings(),
    geometry: LCDGeometry = .lcd16x2,
    log: Log = .disabled,
    predictors: [Language: Predictor] = [:],
    contacts: ContactBook? = nil,
    bookFile: BookFile? = nil,
    start: StartScreen = .idle,
    at time: Instant = .zero
  ) {
    self.settings = settings
    self.predictors = predictors
    self.contacts = contacts ?? ContactBook.placeholder()
    self.bookFile = bookFile
    self.dialer = TextEditor(contentType: .phone, capacity: Phone.numberCapacity)
    self.geometry = geometry
    self.log = log
    self.now = time
    self.recognizer = GestureRecognizer(settings: settings.gestures)
    self.stack = [.idle]
    self.stack.reserveCapacity(Phone.maximumDepth)
    self.message = TextEditor(contentType: .text, capacity: Phone.messageCapacity)
    self.field = TextEditor(contentType: .number, capacity: Phone.numberCapacity)
    self.backlightUntil = time + settings.backlightTimeout
    self.clock = WallClock(minutesAtStart: settings.clockAtStart)
    self.message = newMessageEditor()
    switch start {
    case .idle: break
    case .menu: push(.list(.mainMenu, ListState()))
    case .compose: openEditor(.message)
    case .settings: push(.list(.settings, ListState()))
    case .contacts: openContacts()
    case .dialer: openDialer(with: nil)
    }
  }

  /// Takes the book-file writes made since the last call (the executable
  /// writes them to disk; scenarios may ignore them).
  public mutating func takeBookWrites() -> [BookWrite] {
    defer { bookWrites.removeAll(keepingCapacity: true) }
    return bookWrites
  }

  // MARK: - Time

  /// When the firmware next needs to run without input, if ever.
  public var nextDeadline: Instant? {
    var earliest = recognizer.nextDeadline
    func consider(_ instant: Instant?) {
      guard let instant else { return }
      if let current = earliest, current <= instant { return }
      earliest = instant
    }
    consider(focusedEditor?.deadline)
    if case .dialer = top { consider(dialer.deadline) }
    consider(notice?.until)
    if backlightUntil > now { consider(backlightUntil) }
    if case .idle = top { consider(clock.nextMinute(after: now)) }
    return earliest
  }

  /// Runs every timer due at or before `time`, in time order.
  public mutating func advance(to time: Instant) {
    while let due = nextDeadline, due <= time {
      guard due >= now else { break }
      now = due
      let gestures = recognizer.fire(upTo: due, log: log)
      for gesture in gestures { dispatch(gesture) }
      if let deadline = focusedEditor?.deadline, deadline <= due {
        log(.debug, LogTag("input", "multitap"), "timeout: letter committed")
        updateFocusedEditor { $0.commitPending() }
      }
      if let deadline = dialer.deadline, deadline <= due { dialer.commitPending() }
      if let notice, notice.until <= due { self.notice = nil }
      // Clock ticks and the backlight need nothing but a redraw.
    }
    if time > now { now = time }
  }

  /// Handles one key edge from the keypad.
  public mutating func handle(_ event: KeyEvent) {
    guard event.time >= now else {
      log(
        .error, LogTag("keypad", "gesture"),
        "time went backwards from \(now) to \(event.time); \(event.key.name) \(event.action) ignored"
      )
      return
    }
    advance(to: event.time)
    if event.action == .press {
      backlightUntil = event.time + settings.backlightTimeout
    }
    let gestures = recognizer.handle(event, log: log)
    for gesture in gestures { dispatch(gesture) }
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
    recognizer = GestureRecognizer(settings: settings.gestures)
    keypadConnected = false
    log(.info, LogTag("keypad", "device"), "keypad disconnected")
  }

  /// The keypad is back: typing continues where it was.
  public mutating func keypadConnected(at time: Instant) {
    advance(to: time)
    keypadConnected = true
    backlightUntil = time + settings.backlightTimeout
    log(.info, LogTag("keypad", "device"), "keypad connected")
  }

  // MARK: - State for scenarios

  /// The screen on top of the navigation stack.
  public var top: Screen { stack[stack.count - 1] }

  /// The name of the screen shown (`idle`, `menu`, `compose`…).
  public var screenName: String { top.name }

  /// The focused field's full content, pending letter included.
  public var focusedText: String? { focusedEditor?.text }

  /// The focused field's mode indicator (`Abc`, `123`…).
  public var modeIndicator: String? { focusedEditor?.indicator }

  /// The notice shown, if any.
  public var noticeText: String? { notice?.text }

  var focusedEditor: TextEditor? {
    for screen in stack.reversed() {
      switch screen {
      case .editor(.message): return message
      case .editor: return field
      case .dialer: return dialer
      case .symbols: continue
      default: return nil
      }
    }
    return nil
  }

  mutating func updateFocusedEditor(_ body: (inout TextEditor) -> Void) {
    for screen in stack.reversed() {
      switch screen {
      case .editor(.message):
        body(&message)
        return
      case .editor:
        body(&field)
        return
      case .dialer:
        body(&dialer)
        return
      case .symbols: continue
      default: return
      }
    }
  }

  // MARK: - Navigation

  mutating func push(_ screen: Screen) {
    guard stack.count < Phone.maximumDepth else {
      log(.error, LogTag("ui", "screen"), "navigation stack full; \(screen.name) not opened")
      return
    }
    log(.debug, LogTag("ui", "screen"), "\(top.name) → \(screen.name)")
    stack.append(screen)
    notice = nil
  }

  mutating func pop() {
    guard stack.count > 1 else { return }
    let closed = stack.removeLast()
    notice = nil
    log(.debug, LogTag("ui", "screen"), "\(closed.name) → \(top.name)")
  }

  mutating func replaceTop(_ screen: Screen) {
    stack[stack.count - 1] = screen
  }

  mutating func goIdle() {
    message.commitPending()
    if stack.count > 1 {
      log(.debug, LogTag("ui", "screen"), "\(top.name) → idle")
    }
    stack.removeSubrange(1...)
    notice = nil
  }

  mutating func show(notice text: String) {
    log(.info, LogTag("ui", "notice"), text)
    notice = Notice(text: text, until: now + settings.noticeDuration)
  }

  func newMessageEditor() -> TextEditor {
    var editor = TextEditor(
      contentType: .text, capacity: Phone.messageCapacity,
      multitapTimeout: settings.multitapTimeout, language: settings.language,
      predictor: predictor, mode: settings.defaultMode)
    editor.lengthLimit = .sms
    editor.setMode(settings.defaultMode, letterCase: settings.defaultCase)
    return editor
  }

  /// The predictor for the language in force, if its dictionary loaded.
  var predictor: Predictor? { predictors[settings.language] }

  /// The learning store of the language in force (to save it).
  public var learned: UserDictionary? { predictor?.learned }

  // MARK: - Dispatch

  mutating func dispatch(_ gesture: Gesture) {
    if gesture.key == .end && gesture.kind == .tap {
      goIdle()
      return
    }
    let depth = stack.count
    let before = top.name
    defer {
      // A held key that opened or closed a screen is done: its repeats must
      // not act on the new screen (hold # to open an item, then delete).
      if gesture.kind != .tap && (stack.count != depth || top.name != before) {
        recognizer.settle(gesture.key)
      }
    }
    switch top {
    case .idle: handleIdle(gesture)
    case .list(let kind, let state): handleList(kind, state, gesture)
    case .editor(let kind): handleEditor(kind, gesture)
    case .symbols(let state): handleSymbols(state, gesture)
    case .contacts(let state): handleContacts(state, gesture)
    case .contact(let slot, let state): handleContact(slot, state, gesture)
    case .dialer(let state): handleDialer(state, gesture)
    case .calling: handleCalling(gesture)
    }
    followCursor()
  }

  // MARK: - Drawing

  /// Draws the current screen.
  public func render(into canvas: inout Canvas) {
    canvas.clear()
    canvas.backlight = backlightOn
    switch top {
    case .idle: renderIdle(into: &canvas)
    case .list(let kind, let state): renderList(kind, state, into: &canvas)
    case .editor(let kind): renderEditor(kind, into: &canvas)
    case .symbols(let state): renderSymbols(state, into: &canvas)
    case .contacts(let state): renderContacts(state, into: &canvas)
    case .contact(let slot, let state): renderContact(slot, state, into: &canvas)
    case .dialer(let state): renderDialer(state, into: &canvas)
    case .calling(let slot): renderCalling(slot, into: &canvas)
    }
    if let notice, !isEditorOnTop {
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

  var isEditorOnTop: Bool {
    if case .editor = top { return true }
    return false
  }
}
