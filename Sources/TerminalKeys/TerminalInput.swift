import Vocabulary

/// What a burst of terminal input means to the simulator.
public enum TerminalInput: Equatable, Sendable {
  /// A key tapped.
  case tap(Key)
  /// A key held (Alt+key, or Esc then the key).
  case hold(Key)
  /// Leave the simulator.
  case quit
}
