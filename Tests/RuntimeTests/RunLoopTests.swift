import Firmware
import Runtime
import Supervision
import Testing
import Vocabulary

@Test func keysFromTheSourceReachThePhoneAndTheLoopWakesForEveryDeadline() {
  let clock = ManualClock()
  var runtime = makeRuntime()
  var source = ScriptedSource(
    clock: clock,
    script: [
      KeyEvent(.press, .five, at: ms(1_200)), KeyEvent(.release, .five, at: ms(1_280)),
    ],
    closesAt: ms(3_500))
  var signals = TestSignals()
  RunLoop.run(&runtime, source: &source, clock: clock, signals: &signals)
  #expect(runtime.phone.screenName == "dialer")
  #expect(runtime.supervisor.statistics.keyPresses == 1)
  // The watchdog looks once a second: the loop never waits past a look.
  #expect(runtime.supervisor.watchdog.checks == 3)
  #expect(source.timeouts.allSatisfy { $0 <= RunLoop.longestWait })
  #expect(source.settledAt.last == ms(3_500))
  #expect(runtime.now == ms(3_500))
}

@Test func theLoopSleepsUntilTheRuntimesNextDeadlineNotLonger() {
  let clock = ManualClock()
  var runtime = makeRuntime()
  var source = ScriptedSource(clock: clock, script: [], closesAt: ms(2_000))
  var signals = TestSignals()
  RunLoop.run(&runtime, source: &source, clock: clock, signals: &signals)
  // Idle: only the watchdog's looks (and the clock's minute) wake it.
  #expect(source.timeouts == [1000, 1000])
  #expect(runtime.peripherals.serviced.contains(ms(1_000)))
}

@Test func aReportAskedForFromOutsideIsWrittenWithTheRunsHeader() {
  let clock = ManualClock()
  var runtime = makeRuntime()
  var source = ScriptedSource(clock: clock, script: [], closesAt: ms(500))
  var signals = TestSignals(reportAsked: true)
  RunLoop.run(&runtime, source: &source, clock: clock, signals: &signals)
  #expect(runtime.store.reports.count == 1)
  #expect(runtime.store.reports.first?.summary == "asked for (SIGUSR1)")
  #expect(runtime.store.headers.first?.keymap == "test-keys")
}

@Test func aStopAskedForEndsTheLoopBeforeItWaits() {
  let clock = ManualClock()
  var runtime = makeRuntime()
  var source = ScriptedSource(clock: clock, script: [], closesAt: ms(10_000))
  var signals = TestSignals(stopRequested: true)
  RunLoop.run(&runtime, source: &source, clock: clock, signals: &signals)
  #expect(source.timeouts.isEmpty)
  #expect(source.settledAt == [.zero])
}

@Test func theTimeoutIsRoundedUpAndBounded() {
  #expect(RunLoop.timeout(until: nil, from: .zero) == 1000)
  #expect(RunLoop.timeout(until: Instant(microseconds: 1), from: .zero) == 1)
  #expect(RunLoop.timeout(until: ms(250), from: ms(100)) == 150)
  #expect(RunLoop.timeout(until: ms(100), from: ms(250)) == 0)
  #expect(RunLoop.timeout(until: ms(60_000), from: .zero) == 1000)
}

@Test func aTapThatCameWhileTheFirstFrameWasDrawnKeepsItsTimesAndIsNotABounce() {
  // The runner brought the runtime to zero (the first frame), which took
  // 300 ms; the tap came meanwhile and waits in the device's queue. Were
  // the runtime advanced again before reading it, both edges would be
  // placed at 300 ms (late, but by less than a clock jump), 0 ms apart.
  let clock = ManualClock()
  var runtime = makeRuntime()
  runtime.advance(to: .zero)
  clock.now = ms(300)
  var source = ScriptedSource(
    clock: clock,
    script: [
      KeyEvent(.press, .five, at: ms(100)), KeyEvent(.release, .five, at: ms(180)),
    ],
    closesAt: ms(1_500))
  var signals = TestSignals()
  RunLoop.run(&runtime, source: &source, clock: clock, signals: &signals)
  #expect(runtime.phone.screenName == "dialer", "the tap was taken for a bounce")
}
