import CallLog
import ContactBook
import TextEntry

extension Phone {
  /// What is wrong with the firmware's state, if anything: a navigation
  /// stack that does not start on the idle screen, is too deep, or has the
  /// symbol table over something other than a field; a list highlight
  /// outside its list; a contact card for a slot the book no longer has;
  /// the focused field's own disagreements (`TextEditor.inconsistency`).
  /// Cheap, and allocates only to describe a problem it found.
  public var consistencyProblem: PhoneProblem? {
    if let problem = stackProblem { return .stack(problem) }
    if let editor = stack[focusedIndex].editor, let problem = editor.inconsistency {
      return .editor("\(stack[focusedIndex].name): \(problem)")
    }
    return nil
  }

  private var stackProblem: String? {
    guard !stack.isEmpty, stack.count <= Phone.maximumDepth else {
      return "\(stack.count) screens on a stack of at most \(Phone.maximumDepth)"
    }
    guard case .idle = stack[0] else { return "\(stack[0].name) at the bottom, not idle" }
    for index in stack.indices.dropFirst() {
      switch stack[index] {
      case .idle:
        return "idle at depth \(index + 1)"
      case .symbols:
        guard index == stack.count - 1, index > 0, stack[index - 1].editor != nil else {
          return "the symbol table at depth \(index + 1) is not over a field"
        }
      case .menu(let screen):
        if let problem = Phone.listProblem(
          screen.list, count: screen.menu.count, screen.menu.screenName)
        {
          return problem
        }
      case .contacts(let screen):
        let count = screen.count(context.services.contacts)
        if let problem = Phone.listProblem(screen.list, count: count, "contacts") { return problem }
      case .contact(let screen):
        guard let contact = context.services.contacts.contact(at: screen.slot) else {
          return "the contact card shows slot \(screen.slot), which is empty"
        }
        if let problem = Phone.listProblem(screen.list, count: contact.numbers.count, "contact") {
          return problem
        }
      case .messages(let screen):
        if let problem = Phone.listProblem(screen.list, count: screen.ids.count, "messages") {
          return problem
        }
      case .calls(let screen):
        let count = context.services.callLog.count
        if let problem = Phone.listProblem(screen.list, count: count, "calls") { return problem }
      case .editor, .dialer, .calling, .message, .ussd, .pin:
        break
      }
    }
    return nil
  }

  private static func listProblem(_ list: ListState, count: Int, _ name: String) -> String? {
    guard list.selected >= 0, list.selected < Swift.max(1, count), list.top >= 0,
      list.top <= list.selected
    else {
      return "\(name) highlights item \(list.selected + 1) (top \(list.top + 1)) of \(count)"
    }
    return nil
  }

  /// Repairs what `consistencyProblem` found: an inconsistent field has
  /// what is being chosen closed into plain text (no character lost); a
  /// broken stack goes back to the idle screen, saving the message draft
  /// on the way as leaving any screen does.
  public mutating func repair(_ problem: PhoneProblem) {
    drawingRevision &+= 1
    switch problem {
    case .editor:
      stack[focusedIndex].settleEditor()
    case .stack:
      for index in stack.indices { stack[index].settleEditor() }
      if case .idle = stack.first {
        goIdle()
      } else {
        // Every screen closes, the bottom one too: a message editor saves
        // its draft as it goes.
        while !stack.isEmpty {
          var closed = stack.removeLast()
          closed.close(&context)
        }
        stack = [.idle(IdleScreen(clock: context.settings.wallClock))]
        stack.reserveCapacity(Phone.maximumDepth)
      }
      notice = nil
    }
  }
}
