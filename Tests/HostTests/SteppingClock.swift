import Runtime
import Vocabulary

/// A clock that moves on by `step` each time the loop reads it, as time
/// passes while a real loop waits and works.
final class SteppingClock: RunClock {
  private(set) var current: Instant = .zero
  let step: Duration
  init(step: Duration) { self.step = step }
  var now: Instant {
    current = current + step
    return current
  }
}
