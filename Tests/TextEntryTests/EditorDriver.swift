import KeypadInput
import TextEntry

/// Feeds gestures to an editor at increasing times, firing the multi-tap
/// timeout the way the firmware does.
struct EditorDriver {
  var editor: TextEditor
  var time = Instant.zero
  var outcomes: [EditorOutcome] = []

  init(_ editor: TextEditor) {
    self.editor = editor
  }

  mutating func wait(_ milliseconds: Int64) {
    time = time + .milliseconds(milliseconds)
    if let deadline = editor.deadline, deadline <= time { editor.commitPending() }
  }

  @discardableResult
  mutating func tap(_ keys: Key..., gap: Int64 = 200) -> EditorOutcome {
    var last = EditorOutcome.ignored
    for key in keys {
      wait(gap)
      last = editor.handle(Gesture(.tap, key, at: time))
      outcomes.append(last)
    }
    return last
  }

  @discardableResult
  mutating func hold(_ key: Key) -> EditorOutcome {
    wait(700)
    let outcome = editor.handle(Gesture(.longPress, key, at: time))
    outcomes.append(outcome)
    return outcome
  }

  @discardableResult
  mutating func repeatPress(_ key: Key) -> EditorOutcome {
    wait(150)
    let outcome = editor.handle(Gesture(.repeatPress, key, at: time))
    outcomes.append(outcome)
    return outcome
  }
}

extension TextEditor {
  static func message(capacity: Int = 459) -> TextEditor {
    TextEditor(contentType: .text, capacity: capacity)
  }
}
