import KeypadInput

/// The text-entry state machine of one field: multi-tap letters, digits,
/// punctuation, modes, case, cursor and the 12-key backspace.
///
/// Screens feed it gestures; it answers with what happened. It never reads a
/// clock: the multi-tap timeout is a deadline the owner fires with
/// `commitPending()`.
public struct TextEditor: Sendable {
  /// The field's characters, including a pending letter.
  public private(set) var buffer: TextBuffer
  /// The insertion point; a pending letter sits at this index.
  public private(set) var cursor: Int = 0
  /// The current input mode.
  public private(set) var mode: InputMode
  /// The current letter case (kept while in 123).
  public private(set) var letterCase: LetterCase = .sentence
  /// The multi-tap letter being chosen, if any.
  public private(set) var pending: PendingLetter?
  /// What the field holds.
  public let contentType: ContentType
  /// Whether T9 can be chosen with `#`.
  public var predictiveAvailable: Bool
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
    predictiveAvailable: Bool = false,
    mode: InputMode? = nil
  ) {
    self.contentType = contentType
    self.buffer = TextBuffer(capacity: capacity)
    self.multitapTimeout = multitapTimeout
    self.language = language
    self.predictiveAvailable = predictiveAvailable
    let initial = mode ?? contentType.initialMode(predictiveAvailable: predictiveAvailable)
    if contentType.allows(initial) && (initial != .predictive || predictiveAvailable) {
      self.mode = initial
    } else {
      self.mode = contentType.initialMode(predictiveAvailable: predictiveAvailable)
    }
  }

  /// The field's full content, pending letter included.
  public var text: String { buffer.string }

  /// The status-row indicator: `Abc`, `abc`, `ABC`, `123`, `T9 Abc`.
  public var indicator: String { mode.indicator(letterCase) }

  /// When the pending letter commits by itself.
  public var deadline: Instant? { pending?.deadline }

  /// Where the display cursor belongs: on the pending letter, else at the
  /// insertion point.
  public var displayCursor: Int { cursor }

  /// Replaces the text (loading a draft or a setting); the cursor goes to the
  /// end. Returns false, changing nothing, when it does not fit.
  @discardableResult
  public mutating func setText(_ text: String) -> Bool {
    guard buffer.set(text) else { return false }
    pending = nil
    cursor = buffer.count
    return true
  }

  /// Chooses a mode directly (settings); refused if the field does not allow it.
  @discardableResult
  public mutating func setMode(_ newMode: InputMode, letterCase newCase: LetterCase? = nil) -> Bool
  {
    guard contentType.allows(newMode), newMode != .predictive || predictiveAvailable else {
      return false
    }
    commitPending()
    mode = newMode
    if let newCase { letterCase = newCase }
    return true
  }

  /// Commits the pending letter: the cursor moves past it.
  public mutating func commitPending() {
    guard pending != nil else { return }
    pending = nil
    cursor += 1
  }

  /// Handles a gesture at its time.
  public mutating func handle(_ gesture: Gesture) -> EditorOutcome {
    if let pending, gesture.time >= pending.deadline {
      commitPending()
    }
    switch gesture.kind {
    case .tap: return tap(gesture.key, at: gesture.time)
    case .longPress: return longPress(gesture.key, at: gesture.time)
    case .repeatPress: return repeatPress(gesture.key)
    }
  }

  /// Inserts one character at the cursor (a symbol-table pick).
  public mutating func insert(_ scalar: Unicode.Scalar) -> EditorOutcome {
    insertTyped(scalar)
  }

  /// Deletes the character before the cursor (or the pending letter).
  public mutating func deleteBackward() -> EditorOutcome {
    if pending != nil {
      buffer.remove(at: cursor)
      pending = nil
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
    cursor = 0
  }

  /// Moves the insertion point (after committing any pending letter).
  public mutating func moveCursor(to index: Int) {
    commitPending()
    cursor = Swift.min(Swift.max(0, index), buffer.count)
  }

  /// The notice for a full field: `Full (459/459)`.
  public var fullNotice: String { "Full (\(buffer.capacity)/\(buffer.capacity))" }

  // MARK: - Gestures

  private mutating func tap(_ key: Key, at time: Instant) -> EditorOutcome {
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
      guard pending != nil else { return .ignored }
      commitPending()
      return .handled
    default:
      return .ignored
    }
  }

  private mutating func longPress(_ key: Key, at time: Instant) -> EditorOutcome {
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

  private func digitScalar(_ key: Key) -> Unicode.Scalar {
    Unicode.Scalar(UInt8(ascii: "0") + (key.digit ?? 0))
  }

  /// Inserts a typed character, after committing any pending letter.
  private mutating func insertTyped(_ scalar: Unicode.Scalar) -> EditorOutcome {
    commitPending()
    guard contentType.accepts(scalar) else { return .refused(notice: contentType.refusalNotice) }
    guard buffer.insert(scalar, at: cursor) else { return .refused(notice: fullNotice) }
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

  private mutating func multitap(_ key: Key, at time: Instant) -> EditorOutcome {
    let entries = cycle(for: key)
    guard !entries.isEmpty else { return .refused(notice: contentType.refusalNotice) }
    if var current = pending, current.key == key, time < current.deadline {
      current.position = (current.position + 1) % entries.count
      current.deadline = time + multitapTimeout
      pending = current
      buffer.replace(
        at: cursor, with: shown(entries[current.position], uppercase: current.uppercase))
      return .handled
    }
    commitPending()
    let uppercase = letterCase == .upper || (letterCase == .sentence && startsSentence(at: cursor))
    guard buffer.insert(shown(entries[0], uppercase: uppercase), at: cursor) else {
      return .refused(notice: fullNotice)
    }
    pending = PendingLetter(
      key: key, position: 0, uppercase: uppercase, deadline: time + multitapTimeout)
    return .handled
  }

  private func shown(_ scalar: Unicode.Scalar, uppercase: Bool) -> Unicode.Scalar {
    uppercase ? LetterCase.uppercase(scalar) : scalar
  }

  /// Whether a letter typed at `index` starts a sentence: at the start of the
  /// field, after a newline, or after `.`, `?`, `!` and a space.
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

  private mutating func cycleMode() -> EditorOutcome {
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
