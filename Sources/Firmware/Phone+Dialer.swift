import CharacterLCD
import ContactBook
import KeypadInput
import TextEntry

extension Phone {
  /// Searches the book for the number typed, once per change of the
  /// number; the handler and the drawing read `dialerMatches`.
  mutating func refreshDialerResults() {
    dialerMatches =
      dialer.text.isEmpty ? [] : contacts.search(dialer.text, limit: Swift.max(1, listRows))
  }

  mutating func openDialer(with first: Gesture?) {
    dialer = TextEditor(
      contentType: .phone, capacity: Phone.numberCapacity, multitapTimeout: settings.multitapTimeout
    )
    push(.dialer(ListState(selected: -1)))
    if let first { _ = dialer.handle(first) }
    refreshDialerResults()
    replaceTop(.dialer(ListState(selected: defaultDialerSelection)))
  }

  /// A name match is selected at first (the digits spell a name); a number
  /// match is not (the digits typed are the number to call), and nothing is
  /// when the number has `*` or `#` (a service code is dialled as typed, even
  /// though its digits also spell names).
  var defaultDialerSelection: Int {
    guard let best = dialerMatches.first,
      !dialer.text.unicodeScalars.contains(where: { $0 == "*" || $0 == "#" })
    else { return -1 }
    return best.matchClass < .numberPrefix ? 0 : -1
  }

  mutating func handleDialer(_ current: ListState, _ gesture: Gesture) {
    var state = current
    let results = dialerMatches
    switch (gesture.kind, gesture.key) {
    case (.tap, .up), (.repeatPress, .up):
      state.selected = Swift.max(-1, state.selected - 1)
    case (.tap, .down), (.repeatPress, .down):
      state.selected = Swift.min(results.count - 1, state.selected + 1)
    case (.tap, .ok), (.tap, .call), (.longPress, .star):
      dialer.commitPending()
      if state.selected >= 0 && state.selected < results.count {
        let result = results[state.selected]
        call(result.slot, number: result.numberIndex ?? 0)
      } else if !dialer.text.isEmpty {
        callNumber = dialer.text
        push(.calling(slot: nil))
      }
      return
    default:
      let outcome = dialer.handle(gesture)
      switch outcome {
      case .leave:
        pop()
        return
      case .refused(let text):
        show(notice: text)
      case .openSymbolTable:
        break
      default:
        break
      }
      guard !dialer.text.isEmpty else {
        pop()
        return
      }
      refreshDialerResults()
      state = ListState(selected: defaultDialerSelection)
    }
    replaceTop(.dialer(state))
  }

  func renderDialer(_ state: ListState, into canvas: inout Canvas) {
    // The number, scrolled left so its end (and the cursor) stays visible.
    let text = Array(dialer.text.unicodeScalars)
    let width = geometry.columns
    let start = Swift.max(0, text.count + 1 - width)
    for (column, index) in (start..<text.count).enumerated() where column < width {
      canvas[0, column] = text[index]
    }
    canvas.cursor = CursorPosition(row: 0, column: Swift.min(width - 1, text.count - start))
    canvas.cursorStyle = dialer.isChoosing ? .blink : .underline
    if dialer.isChoosing {
      canvas.cursor = CursorPosition(
        row: 0, column: Swift.max(0, Swift.min(width - 1, text.count - start - 1)))
    }
    guard geometry.rows > 1 else { return }
    let results = dialerMatches
    for (offset, result) in results.prefix(geometry.rows - 1).enumerated() {
      guard let contact = contacts.contact(at: result.slot) else { continue }
      let row = offset + 1
      canvas[row, 0] = offset == state.selected ? "→" : " "
      canvas.write(Phone.shown(result, contact), row: row, column: 1)
    }
  }
}
