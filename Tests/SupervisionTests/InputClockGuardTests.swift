import KeypadInput
import Supervision
import Testing

@Test("edges in order, read when stamped, keep their times and are no jump")
func inputClockGuard_inOrder() {
  var guardian = InputClockGuard()
  for (stamp, now) in [(Int64(100), Int64(50)), (180, 100), (1000, 990), (1050, 1000)] {
    let placed = guardian.place(ms(stamp), arrivedAt: ms(stamp), firmwareNow: ms(now))
    #expect(placed.time == ms(stamp))
    #expect(placed.jump == nil)
  }
  #expect(guardian.jumps == 0)
}

@Test("a backwards jump is re-based to the arrival time, counted, and later edges follow it")
func inputClockGuard_backwardsJump() throws {
  var guardian = InputClockGuard()
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
func inputClockGuard_forwardJump() throws {
  var guardian = InputClockGuard()
  let placed = guardian.place(ms(100_000), arrivedAt: ms(10_000), firmwareNow: ms(9_900))
  #expect(placed.time == ms(10_000))
  #expect(try #require(placed.jump) == .seconds(90))
  #expect(guardian.jumps == 1)
  let next = guardian.place(ms(100_080), arrivedAt: ms(10_080), firmwareNow: ms(10_000))
  #expect(next.time == ms(10_080))
  #expect(next.jump == nil)
}

@Test("a jump whose arrival is before the firmware's time is re-based to the firmware's time")
func inputClockGuard_jumpArrivingBeforeFirmwareTime() throws {
  var guardian = InputClockGuard()
  let placed = guardian.place(ms(50_000), arrivedAt: ms(900), firmwareNow: ms(1000))
  #expect(placed.time == ms(1000))
  #expect(try #require(placed.jump) == .seconds(49))
}

@Test("an edge slightly older than the firmware's time is moved up to it, no jump")
func inputClockGuard_slightlyOlder() {
  var guardian = InputClockGuard()
  let placed = guardian.place(ms(9_800), arrivedAt: ms(10_000), firmwareNow: ms(9_900))
  #expect(placed.time == ms(9_900))
  #expect(placed.jump == nil)
  #expect(guardian.jumps == 0)
}

@Test("the tolerances are the edges of a jump, exactly")
func inputClockGuard_tolerances() {
  var guardian = InputClockGuard(
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
