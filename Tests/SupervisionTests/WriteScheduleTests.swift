import KeypadInput
import Supervision
import Testing

@Test("the first write is due at once, then once per interval")
func writeSchedule_interval() {
  var schedule = WriteSchedule(interval: .seconds(60))
  let start = Instant(microseconds: 5_000_000)
  #expect(schedule.nextDeadline == nil)
  #expect(schedule.isDue(at: start))
  schedule.wrote(at: start)
  #expect(schedule.nextDeadline == Instant(microseconds: 65_000_000))
  #expect(!schedule.isDue(at: start))
  #expect(!schedule.isDue(at: Instant(microseconds: 64_999_999)))
  #expect(schedule.isDue(at: Instant(microseconds: 65_000_000)))
}

@Test("a clock that went back does not hold writes off")
func writeSchedule_clockBack() {
  var schedule = WriteSchedule(interval: .seconds(15))
  schedule.wrote(at: Instant(microseconds: 100_000_000))
  #expect(schedule.isDue(at: Instant(microseconds: 1_000_000)))
}
