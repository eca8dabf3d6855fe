/// Something wrong in the firmware's own state, as the watchdog finds it:
/// what is wrong, said so an engineer reading the log can find it.
public enum PhoneProblem: Sendable, Hashable {
  /// The focused field's text, cursor and composition disagree.
  case editor(String)
  /// The navigation stack or a screen on it is in a state no key leads to.
  case stack(String)

  /// What was found.
  public var description: String {
    switch self {
    case .editor(let text), .stack(let text): text
    }
  }
}
