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
