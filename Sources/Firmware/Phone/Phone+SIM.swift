import Diagnostics
import Vocabulary

/// What the runtime hands the phone about the SIM.
extension Phone {
  /// The SIM's state: a locked SIM opens the PIN entry over whatever is
  /// shown (or asks again after a wrong PIN, with the attempts left); an
  /// unlocked one closes it; an absent one shows on the idle screen.
  public mutating func simChanged(to state: SIMState, triesLeft: Int) {
    drawingRevision &+= 1
    let before = context.services.sim
    context.services.sim = state
    let index = stack.lastIndex { if case .pin = $0 { return true } else { return false } }
    switch state {
    case .pin, .puk:
      if let index, case .pin(var screen) = stack[index] {
        let wrong = screen.checking
        screen.simChanged(to: state, triesLeft: triesLeft)
        stack[index] = .pin(screen)
        if wrong { show(notice: state == .puk ? "SIM blocked" : "Wrong PIN") }
      } else {
        push(.pin(PINScreen(for: state, triesLeft: triesLeft)))
      }
      light()
    case .ready, .absent, .unknown:
      if let index {
        stack.remove(at: index)
        if state == .ready, before == .pin || before == .puk { show(notice: "PIN accepted") }
      }
    }
    if state != before {
      context.log(.info, LogTag("network", "sim"), "the SIM is \(state.name)")
    }
  }

  /// The modem would not take the code typed (it is gone, or the SIM no
  /// longer waits for one): the PIN entry asks again with the attempts it
  /// showed, and says so; nothing was tried on the SIM.
  public mutating func simCodeRefused() {
    drawingRevision &+= 1
    let state = context.services.sim
    guard state == .pin || state == .puk,
      let index = stack.lastIndex(where: { if case .pin = $0 { true } else { false } }),
      case .pin(var screen) = stack[index]
    else { return }
    screen.simChanged(to: state, triesLeft: screen.triesLeft)
    stack[index] = .pin(screen)
    show(notice: "SIM not ready")
  }

  /// The SIM as the modem last reported it.
  public var simState: SIMState { context.services.sim }
}
