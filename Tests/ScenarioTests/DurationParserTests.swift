import Scenario
import Testing

@Test(
  "durations parse exactly",
  arguments: [
    ("80ms", 80_000), ("1.5s", 1_500_000), ("2s", 2_000_000), ("250us", 250), ("0.125s", 125_000),
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

@Test("formatting gives the shortest form that parses back")
func durationParser_formats() {
  #expect(DurationParser.format(.milliseconds(700)) == "700ms")
  #expect(DurationParser.format(.seconds(2)) == "2s")
  #expect(DurationParser.format(.microseconds(250)) == "250us")
}
