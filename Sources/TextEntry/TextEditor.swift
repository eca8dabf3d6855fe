import KeypadInput
import T9Engine

/// The text-entry state machine of one field: T9 words, multi-tap letters,
/// digits, punctuation, modes, case, cursor and the 12-key backspace.
///
/// Screens feed it gestures; it answers with what happened. It never reads a
/// clock: the multi-tap timeout is a deadline the owner fires with
/// `commitPending()`.
public struct TextEditor {
  /// The field's characters, including a pending letter.
  public internal(set) var buffer: TextBuffer
  /// The insertion point; a pending letter sits at this index.
  public internal(set) var cursor: Int = 0
  /// The current input mode.
  public private(set) var mode: InputMode
  /// The current letter case (kept while in 123).
  public private(set) var letterCase: LetterCase = .sentence
  /// The multi-tap letter being chosen, if any.
  public internal(set) var pending: PendingLetter?
  /// The T9 word being composed, if any.
  public internal(set) var composition: Composition?
  /// Where the word being spelled starts, while Spell is on.
  public internal(set) var spellStart: Int?
  /// What the field holds.
  public let contentType: ContentType
  /// How the field's length is limited: its characters, or SMS parts.
  public var lengthLimit: LengthLimit = .characters
  /// T9 prediction, when a dictionary is loaded.
  public var predictor: Predictor?
  /// The learning store, lent by its owner for the one call in progress
  /// (the public methods that rank or learn take it `inout` and give it
  /// back); nil between calls, so a copy of an editor never holds it.
  var learning: UserDictionary?
  /// Candidates for `*`, filled on the first `*` of a word.
  var candidates = CandidateList()
  /// What the glass offers to take with one press (`refreshOffer`): the
  /// completion of the word being composed, or the next word.
  public internal(set) var offer: Candidate?
  /// The offer's letters, in the case it would be written.
  public internal(set) var offerText = ScalarRun()
  /// The next words were walked past with `*`: not offered again until
  /// another key.
  var offersDeclined = false
  /// The typing language (letters on the keys).
  public var language: Language
  /// How long multi-tap waits for the same key before committing a letter.
  public var multitapTimeout: Duration

  /// Creates an empty editor for a field.
  public init(
    contentType: ContentType,
    capacity: Int,
    multitapTimeout: Duration = .milliseconds(1000),
    language: Language = .english,
    predictor: Predictor? = nil,
    mode: InputMode? = nil
  ) {
    self.contentType = contentType
    self.buffer = TextBuffer(capacity: capacity)
    self.multitapTimeout = multitapTimeout
    self.language = language
    self.predictor = predictor
    let predictiveAvailable = predictor != nil
    let initial = mode ?? contentType.initialMode(predictiveAvailable: predictiveAvailable)
    if contentType.allows(initial) && (initial != .predictive || predictiveAvailable) {
      self.mode = initial
    } else {
      self.mode = contentType.initialMode(predictiveAvailable: predictiveAvailable)
    }
  }

  /// The field's full content, pending letter included.
  public var text: String { buffer.string }

  /// Whether T9 can be chosen with `#`.
  @inline(__always)
  public var predictiveAvailable: Bool { predictor != nil }

  /// The status-row indicator: `Abc`, `abc`, `ABC`, `123`, `T9 Abc`, or
  /// `Spell` while a word is being spelled.
  public var indicator: String { spellStart != nil ? "Spell" : mode.indicator(letterCase) }

  /// When the pending letter commits by itself.
  public var deadline: Instant? { pending?.deadline }

  /// Where the display cursor belongs: on the pending letter, on the last
  /// letter of a T9 word being composed, else at the insertion point.
  public var displayCursor: Int {
    if let composition, composition.length > 0 { return composition.start + composition.length - 1 }
    return cursor
  }

  /// Whether the cursor marks a letter or word still being chosen (shown
  /// blinking) rather than the insertion point.
  public var isChoosing: Bool { pending != nil || (composition.map { $0.length > 0 } ?? false) }

  /// Replaces the text (loading a draft or a setting); the cursor goes to the
  /// end. Returns false, changing nothing, when it does not fit.
  @discardableResult
  public mutating func setText(_ text: String) -> Bool {
    guard buffer.set(text) else { return false }
    pending = nil
    composition = nil
    offer = nil
    spellStart = nil
    cursor = buffer.count
    return true
  }

  /// Runs `body` with the owner's learning store lent to the editor.
  private mutating func lending<Result>(
    _ store: inout UserDictionary?, _ body: (inout TextEditor) -> Result
  ) -> Result {
    swap(&learning, &store)
    defer { swap(&learning, &store) }
    return body(&self)
  }

  /// Chooses a mode directly (settings); refused if the field does not
  /// allow it. A T9 word being composed is committed and learned in
  /// `learning`.
  @discardableResult
  public mutating func setMode(
    _ newMode: InputMode, letterCase newCase: LetterCase? = nil,
    learning store: inout UserDictionary?
  ) -> Bool {
    lending(&store) { $0.setMode(newMode, letterCase: newCase) }
  }

  @discardableResult
  mutating func setMode(_ newMode: InputMode, letterCase newCase: LetterCase? = nil) -> Bool {
    guard contentType.allows(newMode), newMode != .predictive || predictiveAvailable else {
      return false
    }
    commitPending()
    mode = newMode
    if let newCase { letterCase = newCase }
    return true
  }

  /// Commits the pending letter (the cursor moves past it) or the T9 word
  /// being composed (learning it in `learning`).
  public mutating func commitPending(learning store: inout UserDictionary?) {
    lending(&store) { $0.commitPending() }
  }

  /// Commits the pending letter once its multi-tap timeout has passed at
  /// `time` (as `commitPending(learning:)` does); false if it is not due.
  public mutating func commitPending(dueBy time: Instant, learning store: inout UserDictionary?)
    -> Bool
  {
    guard let deadline, deadline <= time else { return false }
    commitPending(learning: &store)
    return true
  }

  mutating func commitPending() {
    if pending != nil {
      pending = nil
      cursor += 1
    }
    commitComposition()
  }

  /// Handles a gesture at its time; T9 ranks with what `learning` holds
  /// and learns the words committed into it.
  public mutating func handle(_ gesture: Gesture, learning store: inout UserDictionary?)
    -> EditorOutcome
  {
    lending(&store) { $0.handle(gesture) }
  }

  mutating func handle(_ gesture: Gesture) -> EditorOutcome {
    let outcome = handleKey(gesture)
    if !(gesture.kind == .tap && gesture.key == .star) { offersDeclined = false }
    refreshOffer()
    return outcome
  }

  private mutating func handleKey(_ gesture: Gesture) -> EditorOutcome {
    if let pending, gesture.time >= pending.deadline {
      self.pending = nil
      cursor += 1
    }
    if mode == .predictive && spellStart == nil {
      if let outcome = handlePredictive(gesture) { return outcome }
    } else if spellStart != nil {
      if let outcome = handleSpelling(gesture) { return outcome }
    }
    switch gesture.kind {
    case .tap: return tap(gesture.key, at: gesture.time)
    case .longPress: return longPress(gesture.key, at: gesture.time)
    case .repeatPress: return repeatPress(gesture.key)
    }
  }

  /// Inserts one character at the cursor (a symbol-table pick), after
  /// committing the word being composed (learned in `learning`).
  public mutating func insert(_ scalar: Unicode.Scalar, learning store: inout UserDictionary?)
    -> EditorOutcome
  {
    lending(&store) { $0.insertTyped(scalar) }
  }

  /// Deletes the character before the cursor (or the pending letter, or the
  /// last key of a T9 word being composed, ranked with `learning`).
  public mutating func deleteBackward(learning store: inout UserDictionary?) -> EditorOutcome {
    lending(&store) { $0.deleteBackward() }
  }

  mutating func deleteBackward() -> EditorOutcome {
    if pending != nil {
      buffer.remove(at: cursor)
      pending = nil
      return .handled
    }
    if composition != nil { return removeLastKey() }
    if let spellStart, cursor == spellStart {
      self.spellStart = nil
      return .handled
    }
    if buffer.isEmpty { return .leave }
    guard cursor > 0 else { return .ignored }
    buffer.remove(at: cursor - 1)
    cursor -= 1
    return .handled
  }

  /// Empties the field.
  public mutating func clear() {
    buffer.removeAll()
    pending = nil
    composition = nil
    spellStart = nil
    cursor = 0
  }

  /// Moves the insertion point (after committing any pending letter or
  /// word, learned in `learning`).
  public mutating func moveCursor(to index: Int, learning store: inout UserDictionary?) {
    lending(&store) { $0.moveCursor(to: index) }
  }

  mutating func moveCursor(to index: Int) {
    commitPending()
    cursor = Swift.min(Swift.max(0, index), buffer.count)
  }

  /// The notice for a full field: `Full (459/459)` (for a message, in GSM
  /// septets or UCS-2 units).
  public var fullNotice: String {
    switch lengthLimit {
    case .characters: return "Full (\(buffer.capacity)/\(buffer.capacity))"
    case .sms:
      let maximum = buffer.smsLength.maximumUnits
      return "Full (\(maximum)/\(maximum))"
    }
  }

  /// The message's length as SMS (for the status row).
  public var smsLength: SMSLength { buffer.smsLength }

  /// Whether replacing `count` characters at `start` with `scalars` keeps
  /// the field within its limits.
  @inline(__always)
  func fits(replacing count: Int, at start: Int, with scalars: some Collection<Unicode.Scalar>)
    -> Bool
  {
    guard buffer.count - count + scalars.count <= buffer.capacity else { return false }
    guard lengthLimit == .sms else { return true }
    return buffer.smsLength(replacing: count, at: start, with: scalars).fits
  }

  /// Inserts one character at `index` if the field's limits allow it.
  mutating func insertChecked(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
    guard fits(replacing: 0, at: index, with: CollectionOfOne(scalar)) else { return false }
    return buffer.insert(scalar, at: index)
  }

  // MARK: - Gestures

  mutating func tap(_ key: Key, at time: Instant) -> EditorOutcome {
    switch key {
    case .two, .three, .four, .five, .six, .seven, .eight, .nine:
      if mode == .numeric { return insertTyped(digitScalar(key)) }
      return multitap(key, at: time)
    case .one:
      if mode == .numeric { return insertTyped("1") }
      return multitap(key, at: time)
    case .zero:
      return insertTyped(mode == .numeric ? "0" : " ")
    case .star:
      if mode == .numeric {
        if contentType == .phone { return multitap(key, at: time) }
        return insertTyped("*")
      }
      commitPending()
      letterCase = letterCase.next
      return .handled
    case .hash:
      if contentType == .phone { return insertTyped("#") }
      return cycleMode()
    case .back:
      return deleteBackward()
    case .left:
      commitPending()
      if cursor > 0 { cursor -= 1 }
      return .handled
    case .right:
      commitPending()
      if cursor < buffer.count { cursor += 1 }
      return .handled
    case .ok:
      guard pending != nil || composition != nil else { return .ignored }
      commitPending()
      return .handled
    default:
      return .ignored
    }
  }

  mutating func longPress(_ key: Key, at time: Instant) -> EditorOutcome {
    switch key {
    case .one, .two, .three, .four, .five, .six, .seven, .eight, .nine:
      return insertTyped(digitScalar(key))
    case .zero:
      return insertTyped(mode == .numeric ? "+" : "0")
    case .star:
      commitPending()
      return .openSymbolTable
    case .hash:
      let outcome = deleteBackward()
      return outcome == .leave ? .ignored : outcome
    case .back:
      clear()
      return .handled
    case .left, .right:
      return tap(key, at: time)
    default:
      return .ignored
    }
  }

  private mutating func repeatPress(_ key: Key) -> EditorOutcome {
    switch key {
    case .hash:
      let outcome = deleteBackward()
      return outcome == .leave ? .ignored : outcome
    case .left, .right:
      return tap(key, at: .zero)
    default:
      return .ignored
    }
  }

  // MARK: - Typing

  @inline(__always)
  func digitScalar(_ key: Key) -> Unicode.Scalar {
    Unicode.Scalar(UInt8(ascii: "0") + (key.digit ?? 0))
  }

  /// Inserts a typed character, after committing any pending letter.
  mutating func insertTyped(_ scalar: Unicode.Scalar) -> EditorOutcome {
    commitPending()
    guard contentType.accepts(scalar) else { return .refused(notice: contentType.refusalNotice) }
    guard insertChecked(scalar, at: cursor) else { return .refused(notice: fullNotice) }
    cursor += 1
    return .handled
  }

  private func cycle(for key: Key) -> [Unicode.Scalar] {
    switch key {
    case .one:
      return Symbols.keyOneCycle(for: contentType)
    case .star:
      return Symbols.phoneStarCycle
    default:
      guard let digit = key.digit else { return [] }
      let letters = language.multitapCycle(on: digit)
      return contentType == .text ? letters : letters.filter { contentType.accepts($0) }
    }
  }

  mutating func multitap(_ key: Key, at time: Instant) -> EditorOutcome {
    let entries = cycle(for: key)
    guard !entries.isEmpty else { return .refused(notice: contentType.refusalNotice) }
    if var current = pending, current.key == key, time < current.deadline {
      current.position = (current.position + 1) % entries.count
      current.deadline = time + multitapTimeout
      let next = shown(entries[current.position], uppercase: current.uppercase)
      guard fits(replacing: 1, at: cursor, with: CollectionOfOne(next)) else {
        return .refused(notice: fullNotice)
      }
      pending = current
      buffer.replace(at: cursor, with: next)
      return .handled
    }
    commitPending()
    let uppercase = letterCase == .upper || (letterCase == .sentence && startsSentence(at: cursor))
    guard insertChecked(shown(entries[0], uppercase: uppercase), at: cursor) else {
      return .refused(notice: fullNotice)
    }
    pending = PendingLetter(
      key: key, position: 0, uppercase: uppercase, deadline: time + multitapTimeout)
    return .handled
  }

  @inline(__always)
  private func shown(_ scalar: Unicode.Scalar, uppercase: Bool) -> Unicode.Scalar {
    uppercase ? LetterCase.uppercase(scalar) : scalar
  }

  /// Whether a letter typed at `index` starts a sentence: at the start of the
  /// field, after a newline, or after `.`, `?`, `!` and a space.
  @inline(__always)
  public func startsSentence(at index: Int) -> Bool {
    var position = Swift.min(index, buffer.count) - 1
    guard position >= 0 else { return true }
    if buffer[position] == "\n" { return true }
    guard buffer[position] == " " else { return false }
    while position >= 0 && buffer[position] == " " { position -= 1 }
    guard position >= 0 else { return true }
    let before = buffer[position]
    return before == "." || before == "?" || before == "!" || before == "\n"
  }

  mutating func cycleMode() -> EditorOutcome {
    guard contentType != .number else { return .refused(notice: contentType.refusalNotice) }
    commitPending()
    var next = mode
    for _ in 0..<3 {
      switch next {
      case .predictive: next = .multitap
      case .multitap: next = .numeric
      case .numeric: next = .predictive
      }
      if contentType.allows(next) && (next != .predictive || predictiveAvailable) { break }
    }
    mode = next
    return .handled
  }
}
