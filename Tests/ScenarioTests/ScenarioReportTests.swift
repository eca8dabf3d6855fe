import Scenario
import ScenarioText
import Testing

@Test("failures show expected and actual side by side with differing rows marked")
func scenarioReport_sideBySide() {
  let failure = ScenarioFailure(
    location: SourceLocation(file: "a.scenario", line: 7, column: 1),
    message: "line 1 is \"A\", expected \"B\"", expectedRows: ["B   ", "Abc "],
    actualRows: ["A   ", "Abc "])
  let lines = ScenarioReport.failureDetails(failure)
  #expect(lines[0] == "a.scenario:7: line 1 is \"A\", expected \"B\"")
  #expect(lines[1] == "  expected  actual")
  #expect(lines[2] == "  |B   |    |A   |  <")
  #expect(lines[3] == "  |Abc |    |Abc |")
}

@Test("the totals line is N passed, N failed")
func scenarioReport_totals() {
  #expect(ScenarioReport.totals(passed: 31, failed: 0) == "31 passed, 0 failed")
}
