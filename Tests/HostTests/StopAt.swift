import Runtime
import Vocabulary

/// Stops the loop once the clock is past `until`.
struct StopAt: RunSignals {
  let clock: SteppingClock
  let until: Instant
  var stopRequested: Bool { clock.current >= until }
  mutating func takeReportRequest() -> Bool { false }
}
