import KeypadInput
import Supervision
import Testing

@Test("edges in order, read when stamped, keep their times and are no jump")
func inputClock_inOrder() {
  var guardian = InputClock()
  for (stamp, now) in [(Int64(100), Int64(50)), (180, 100), (1000, 990), (1050, 1000)] {
    let placed = guardian.place(ms(stamp), arrivedAt: ms(stamp), firmwareNow: ms(now))
    #expect(placed.time == ms(stamp))
    #expect(placed.jump == nil)
  }
  #expect(guardian.jumps == 0)
}

@Test("a backwards jump is re-based to the arrival time, counted, and later edges follow it")
func inputClock_backwardsJump() throws {
  var guardian = InputClock()
  let placed = guardian.place(ms(2000), arrivedAt: ms(10_001), firmwareNow: ms(10_000))
  #expect(placed.time == ms(10_001))
  let jump = try #require(placed.jump)
  #expect(jump == .milliseconds(-8001))
  #expect(guardian.jumps == 1)
  // The next edge on the same (jumped) input clock follows the correction.
  let next = guardian.place(ms(2100), arrivedAt: ms(10_102), firmwareNow: ms(10_001))
  #expect(next.time == ms(10_101))
  #expect(next.jump == nil)
  #expect(guardian.jumps == 1)
}

@Test("a forward jump is re-based to the arrival time and counted")
func inputClock_forwardJump() throws {
  var guardian = InputClock()
  let placed = guardian.place(ms(100_000), arrivedAt: ms(10_000), firmwareNow: ms(9_900))
  #expect(placed.time == ms(10_000))
  #expect(try #require(placed.jump) == .seconds(90))
  #expect(guardian.jumps == 1)
  let next = guardian.place(ms(100_080), arrivedAt: ms(10_080), firmwareNow: ms(10_000))
  #expect(next.time == ms(10_080))
  #expect(next.jump == nil)
}

@Test("a jump whose arrival is before the firmware's time is re-based to the firmware's time")
func inputClock_jumpArrivingBeforeFirmwareTime() throws {
  var guardian = InputClock()
  let placed = guardian.place(ms(50_000), arrivedAt: ms(900), firmwareNow: ms(1000))
  #expect(placed.time == ms(1000))
  #expect(try #require(placed.jump) == .seconds(49))
}

@Test("an edge slightly older than the firmware's time is moved up to it, no jump")
func inputClock_slightlyOlder() {
  var guardian = InputClock()
  let placed = guardian.place(ms(9_800), arrivedAt: ms(10_000), firmwareNow: ms(9_900))
  #expect(placed.time == ms(9_900))
  #expect(placed.jump == nil)
  #expect(guardian.jumps == 0)
}

@Test("the tolerances are the edges of a jump, exactly")
func inputClock_tolerances() {
  var guardian = InputClock(
    pastTolerance: .milliseconds(250), futureTolerance: .milliseconds(100))
  // 250 ms older than the firmware's time: still late, not a jump.
  #expect(guardian.place(ms(750), arrivedAt: ms(1000), firmwareNow: ms(1000)).jump == nil)
  // 100 ms after its arrival: still no jump.
  #expect(guardian.place(ms(1100), arrivedAt: ms(1000), firmwareNow: ms(1000)).jump == nil)
  #expect(guardian.jumps == 0)
  // One microsecond further either way is a jump.
  var late = guardian
  #expect(
    late.place(
      Instant(microseconds: 749_999), arrivedAt: ms(1000), firmwareNow: ms(1000)
    ).jump != nil)
  var early = guardian
  #expect(
    early.place(
      Instant(microseconds: 1_200_001), arrivedAt: ms(1100), firmwareNow: ms(1100)
    ).jump != nil)
}

@Test("an input's timestamp lands on the firmware's clock as far from start as it was from origin")
func inputClock_movesInputTimeOntoTheFirmwareClock() {
  var clock = InputClock(origin: 5_250_000, start: ms(2000))
  #expect(clock.instant(of: Instant(microseconds: 5_250_000)) == ms(2000))
  #expect(clock.instant(of: Instant(microseconds: 5_330_500)) == Instant(microseconds: 2_080_500))
  #expect(clock.instant(of: Instant(microseconds: 5_000_000)) == ms(1750))
  // Placed, an edge read when it happened keeps that time and is no jump.
  let placed = clock.place(
    Instant(microseconds: 5_330_500), arrivedAt: Instant(microseconds: 2_080_500),
    firmwareNow: ms(2000))
  #expect(placed.time == Instant(microseconds: 2_080_500))
  #expect(placed.jump == nil)
  #expect(clock.jumps == 0)
}

@Test("a kernel clock far from the firmware's zero is no jump once rebased, and is one before")
func inputClock_rebaseOntoAKernelClock() throws {
  // A keypad's kernel stamps: seconds since boot, firmware time since start.
  var unbased = InputClock()
  #expect(unbased.place(ms(3_600_250), arrivedAt: ms(250), firmwareNow: ms(200)).jump != nil)
  var clock = InputClock()
  clock.rebase(origin: 3_600_000_000, start: .zero)
  let placed = clock.place(ms(3_600_250), arrivedAt: ms(251), firmwareNow: ms(200))
  #expect(placed.time == ms(250))
  #expect(placed.jump == nil)
  #expect(clock.origin == 3_600_000_000)
  #expect(clock.start == .zero)
}

@Test("a rebase keeps the correction of a jump found before it")
func inputClock_rebaseKeepsCorrections() throws {
  var clock = InputClock()
  // The input clock jumps back 8 s: corrected onto the arrival.
  let jumped = clock.place(ms(2000), arrivedAt: ms(10_000), firmwareNow: ms(10_000))
  #expect(try #require(jumped.jump) == .milliseconds(-8000))
  // A new origin at the same start moves the base, not the correction.
  clock.rebase(origin: 1_000_000, start: .zero)
  #expect(clock.instant(of: ms(1100)) == ms(100))
  let next = clock.place(ms(3100), arrivedAt: ms(10_100), firmwareNow: ms(10_000))
  #expect(next.time == ms(10_100))
  #expect(next.jump == nil)
  #expect(clock.jumps == 1)
}
