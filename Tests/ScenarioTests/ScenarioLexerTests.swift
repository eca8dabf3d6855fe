import Scenario
import Testing

@Test("strings keep spaces and # inside quotes")
func scenarioLexer_quotedStrings() throws {
  let scenario = try ScenarioParser.parse(
    "expect line 1 contains \"# not a comment\"  # a comment", file: "t.scenario")
  guard case .expect(.lineContains(1, let text)) = scenario.steps[0].action else {
    Issue.record("not parsed as line contains")
    return
  }
  #expect(text == "# not a comment")
}
