import Firmware
import KeypadInput
import Testing

@Test("the clock counts from its start and wraps at midnight")
func wallClock_text() {
  let clock = WallClock(minutesAtStart: 23 * 60 + 59)
  #expect(clock.text(at: .zero) == "23:59")
  #expect(clock.text(at: Instant(microseconds: 60_000_000)) == "00:00")
  #expect(clock.nextMinute(after: Instant(microseconds: 1)) == Instant(microseconds: 60_000_000))
}

@Test("HH:MM parses; anything else is refused")
func wallClock_parse() {
  #expect(WallClock.parse("09:41") == 581)
  #expect(WallClock.parse("24:00") == nil)
  #expect(WallClock.parse("9:41") == nil)
  #expect(WallClock.parse("aa:bb") == nil)
}

@Test("a clock set mid-minute (from the network) turns its minute at the right second")
func wallClock_secondsAtStart() {
  // 20:14:29 at instant zero: 20:15 comes 31 s later, 20:16 91 s later.
  let clock = WallClock(minutesAtStart: 20 * 60 + 14, secondsAtStart: 29)
  #expect(clock.text(at: .zero) == "20:14")
  #expect(clock.text(at: Instant(microseconds: 30_999_999)) == "20:14")
  #expect(clock.text(at: Instant(microseconds: 31_000_000)) == "20:15")
  #expect(clock.nextMinute(after: .zero) == Instant(microseconds: 31_000_000))
  #expect(
    clock.nextMinute(after: Instant(microseconds: 31_000_000)) == Instant(microseconds: 91_000_000))
}
