import KeypadInput
import T9Engine
import TextEntry

/// Feeds gestures to an editor at increasing times, firing the multi-tap
/// timeout the way the firmware does, and keeps the learning store it lends
/// the editor, as the phone does.
struct EditorDriver {
  var editor: TextEditor
  var learning: UserDictionary? = UserDictionary(language: "en")
  var time = Instant.zero
  var outcomes: [EditorOutcome] = []

  init(_ editor: TextEditor) {
    self.editor = editor
  }

  mutating func wait(_ milliseconds: Int64) {
    time = time + .milliseconds(milliseconds)
    _ = editor.commitPending(dueBy: time, learning: &learning)
  }

  @discardableResult
  mutating func tap(_ keys: Key..., gap: Int64 = 200) -> EditorOutcome {
    var last = EditorOutcome.ignored
    for key in keys {
      wait(gap)
      last = editor.handle(Gesture(.tap, key, at: time), learning: &learning)
      outcomes.append(last)
    }
    return last
  }

  @discardableResult
  mutating func hold(_ key: Key) -> EditorOutcome {
    wait(700)
    let outcome = editor.handle(Gesture(.longPress, key, at: time), learning: &learning)
    outcomes.append(outcome)
    return outcome
  }

  @discardableResult
  mutating func repeatPress(_ key: Key) -> EditorOutcome {
    wait(150)
    let outcome = editor.handle(Gesture(.repeatPress, key, at: time), learning: &learning)
    outcomes.append(outcome)
    return outcome
  }

  /// Inserts a symbol, as the symbol table does.
  mutating func insert(_ scalar: Unicode.Scalar) -> EditorOutcome {
    editor.insert(scalar, learning: &learning)
  }

  /// Chooses a mode, as the settings do.
  mutating func setMode(_ mode: InputMode, letterCase: LetterCase? = nil) -> Bool {
    editor.setMode(mode, letterCase: letterCase, learning: &learning)
  }
}

extension TextEditor {
  static func message(capacity: Int = 459) -> TextEditor {
    TextEditor(contentType: .text, capacity: capacity)
  }
}
