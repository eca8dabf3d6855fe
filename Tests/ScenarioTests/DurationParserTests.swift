import Scenario
import ScenarioText
import Testing

@Test(
  "durations parse exactly",
  arguments: [
    ("80ms", 80_000), ("1.5s", 1_500_000), ("2s", 2_000_000), ("250us", 250), ("0.125s", 125_000),
    ("250µs", 250), ("0.0000015s", 1), ("1.000001s", 1_000_001),
  ])
func durationParser_parses(text: String, microseconds: Int64) {
  #expect(DurationParser.parse(text) == .microseconds(microseconds))
}

@Test(
  "malformed durations are refused",
  arguments: ["", "ms", "5", "-5ms", "1.s", ".5s", "1.5.2s", "5min", "1e3ms"])
func durationParser_refuses(text: String) {
  #expect(DurationParser.parse(text) == nil)
}

@Test(
  "formatting gives the shortest form that parses back exactly",
  arguments: [
    (0, "0ms"), (250, "250us"), (1234, "1234us"), (80_000, "80ms"), (250_000, "250ms"),
    (700_000, "700ms"), (1_000_000, "1s"), (1_500_000, "1.5s"), (2_000_000, "2s"),
    (1_000_500, "1.0005s"), (1_234_567, "1.234567s"), (60_000_001, "60.000001s"),
    (15_000_000, "15s"), (100_000, "100ms"),
  ] as [(Int64, String)])
func durationParser_formats(microseconds: Int64, text: String) {
  #expect(DurationParser.format(.microseconds(microseconds)) == text)
  #expect(DurationParser.parse(text) == .microseconds(microseconds))
}

@Test("every duration formats to text that parses back to it")
func durationParser_formatRoundTrip() {
  var value: Int64 = 1
  while value < 100_000_000_000 {
    for micro in [value, value + 1, value * 7 + 3] {
      #expect(
        DurationParser.parse(DurationParser.format(.microseconds(micro))) == .microseconds(micro))
    }
    value *= 3
  }
}

@Test(
  "durations beyond 64 bits of microseconds, or with more than nine decimals, are refused, not a trap (found by FuzzReport)",
  arguments: [
    "1.26666666666666666666666666666666666666666666666666666666666666666666666666666665s",
    "1.0000000001s", "9223372036855s", "9223372036854775807ms", "99999999999999999999us",
    "9223372036854.999999s",
  ])
func durationParser_refusesOverflow(text: String) {
  #expect(DurationParser.parse(text) == nil)
}

@Test("the largest durations that fit still parse")
func durationParser_largest() {
  #expect(DurationParser.parse("9223372036854775807us") == .microseconds(Int64.max))
  #expect(DurationParser.parse("9223372036854.775807s") == .microseconds(Int64.max))
  #expect(DurationParser.parse("1.123456789s") == .microseconds(1_123_456))
}
