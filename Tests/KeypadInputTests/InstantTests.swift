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

@Test("durations on both sides of the 64-bit path convert alike, rounding toward zero")
func duration_wholeMicroseconds_acrossTheFastPath() {
  // Under 2^75 attoseconds (about 10.5 hours) the conversion divides in
  // 64 bits, above it in 128.
  let cases: [(Duration, Int64)] = [
    (.seconds(9), 9_000_000),
    (.seconds(10), 10_000_000),
    (.seconds(-9), -9_000_000),
    (.seconds(-10), -10_000_000),
    (.seconds(30), 30_000_000),
    (.seconds(37_778), 37_778_000_000),
    (.seconds(37_779), 37_779_000_000),
    (.seconds(-37_779), -37_779_000_000),
    (.seconds(86_400 * 365), 31_536_000_000_000),
    (.nanoseconds(-1999), -1),
    (.nanoseconds(9_223_372_036), 9_223_372),
    (.nanoseconds(9_223_372_037), 9_223_372),
    (.nanoseconds(-9_223_372_037), -9_223_372),
  ]
  for (duration, expected) in cases {
    #expect(duration.wholeMicroseconds == expected, "\(duration)")
    let components = duration.components
    let exact = components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
    #expect(duration.wholeMicroseconds == exact, "\(duration)")
  }
}
