import Vocabulary

/// The one loop of every real run (`t9phone run`, `sim`): wait for input
/// until the runtime's next deadline, hand the input over, bring the
/// runtime to the clock's time, let the source show what happened — until
/// the source closes or a signal says stop.
///
/// It only reads the clock and asks the source to wait; every deadline is
/// the runtime's (`Scheduled`) or the source's, and every device is behind
/// the source, so tests run it on a hand-moved clock with a fake source.
public enum RunLoop {
  /// The longest a loop waits without input: it looks at its signals at
  /// least this often.
  public static let longestWait: Int32 = 1000

  /// Runs `runtime` (already brought to the clock's time once, its first
  /// frame shown) on the input of `source` until `source` closes or
  /// `signals` asks to stop.
  public static func run<Source: InputSource, Store: RuntimeStore, Clock: RunClock>(
    _ runtime: inout PhoneRuntime<Source.Peripherals, Store>, source: inout Source,
    clock: Clock, signals: inout some RunSignals
  ) {
    // The caller brought the runtime to the clock (the first frame): what
    // that showed is told before the first wait, and no second advance
    // moves the clock past input that came while the first frame was drawn.
    source.settled(at: runtime.now, &runtime)
    while source.isOpen && !signals.stopRequested {
      turn(&runtime, source: &source, clock: clock, signals: &signals)
    }
  }

  /// One turn of the loop: wait for input until the runtime's or the
  /// source's next deadline, hand what came over, bring the runtime to the
  /// clock's time, let the source show what happened. A source on a clock
  /// moved by hand (a scenario's) is driven one turn per stimulus.
  @inline(__always)
  public static func turn<Source: InputSource, Store: RuntimeStore, Clock: RunClock>(
    _ runtime: inout PhoneRuntime<Source.Peripherals, Store>, source: inout Source,
    clock: Clock, signals: inout some RunSignals
  ) {
    let wake = Instant.earliest(runtime.scheduledDeadline(), source.nextDeadline)
    source.wait(timeoutMilliseconds: timeout(until: wake, from: clock.now), &runtime)
    source.deliver(at: clock.now, to: &runtime)
    if signals.takeReportRequest() { runtime.requestReport("asked for (SIGUSR1)") }
    runtime.advance(to: clock.now)
    source.settled(at: runtime.now, &runtime)
  }

  /// How long to wait, in whole milliseconds rounded up, from `now` until
  /// `due`: none for a time past, at most `longestWait`, and that when
  /// nothing is due.
  public static func timeout(until due: Instant?, from now: Instant) -> Int32 {
    guard let due else { return longestWait }
    let micro = due.microseconds &- now.microseconds
    return Int32(clamping: min(Int64(longestWait), max(0, (micro + 999) / 1000)))
  }
}
