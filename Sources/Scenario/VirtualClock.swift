import Runtime
import Vocabulary

/// The clock of a scenario's run: moved by hand, by the scenario's input
/// source, never by the wall. Shared by the source that moves it and the
/// loop's turn that reads it.
final class VirtualClock: RunClock {
  /// The firmware's time now.
  var now: Instant

  /// A clock standing at `now`.
  init(now: Instant = .zero) {
    self.now = now
  }
}
