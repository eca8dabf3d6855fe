import Testing
import Vocabulary

/// A part with timers at fixed instants that logs every firing.
private struct TimerPart: Scheduled {
  var now = Instant.zero
  var timers: [Instant]
  /// A timer that never moves once due (a peripheral that stays due).
  var stuck: Instant?
  var fired: [Instant] = []

  var nextDeadline: Instant? {
    let next = timers.first
    guard let stuck else { return next }
    return next.map { $0 < stuck ? $0 : stuck } ?? stuck
  }

  mutating func fire(at time: Instant) {
    fired.append(time)
    if time > now { now = time }
    while let first = timers.first, first <= time { timers.removeFirst() }
  }
}

private func ms(_ value: Int64) -> Instant { Instant(microseconds: value * 1000) }

@Test func advanceFiresEachDeadlineInTimeOrderThenTheTargetTime() {
  var part = TimerPart(timers: [ms(10), ms(20), ms(20), ms(35), ms(90)])
  part.advance(to: ms(50))
  #expect(part.fired == [ms(10), ms(20), ms(35), ms(50)])
  #expect(part.now == ms(50))
  #expect(part.nextDeadline == ms(90))
}

@Test func aDeadlineAlreadyPastIsFiredAtThePartsTime() {
  var part = TimerPart(now: ms(100), timers: [ms(40)])
  part.advance(to: ms(120))
  #expect(part.fired == [ms(100), ms(120)])
}

@Test func aPartThatStaysDueIsFiredOnceThenAtTheTargetTimeWithoutSpinning() {
  var part = TimerPart(timers: [ms(30)], stuck: ms(10))
  part.advance(to: ms(50))
  // Fired at the stuck deadline once; the timer at 30 ms waits for the end.
  #expect(part.fired == [ms(10), ms(50)])
  #expect(part.timers.isEmpty)
}

@Test func aTargetBeforeThePartsTimeLeavesTheTimeWhereItIs() {
  var part = TimerPart(now: ms(70), timers: [ms(200)])
  part.advance(to: ms(20))
  #expect(part.now == ms(70))
  #expect(part.fired == [ms(70)])
}

@Test func advanceByMovesFromThePartsOwnTime() {
  var part = TimerPart(now: ms(5), timers: [ms(8)])
  part.advance(by: .milliseconds(10))
  #expect(part.fired == [ms(8), ms(15)])
}
