import KeypadInput
import Testing

@Test("instants add durations and subtract to durations")
func instant_arithmetic() {
  let start = Instant(microseconds: 1_500_000)
  #expect((start + .milliseconds(250)).microseconds == 1_750_000)
  #expect((start + .milliseconds(250)) - start == .milliseconds(250))
  #expect(Instant.zero < start)
}

@Test("instants print as seconds with milliseconds")
func instant_description() {
  #expect(Instant(microseconds: 1_250_000).description == "1.250s")
  #expect(Instant(microseconds: 5_000).description == "0.005s")
  #expect(Instant(microseconds: -2_000_000).description == "-2.000s")
}

@Test("durations convert to whole microseconds and milliseconds")
func duration_wholeUnits() {
  #expect(Duration.milliseconds(700).wholeMicroseconds == 700_000)
  #expect(Duration.seconds(1.5).wholeMilliseconds == 1500)
  #expect(Duration.nanoseconds(1999).wholeMicroseconds == 1)
}
