import FuzzSupport
import Scenario
import ScenarioBudget

/// The scenario parser (`t9phone test FILE`): any text either parses or is
/// refused with an error that points into it; a scenario that parses and
/// is small enough is also turned into a hardware plan (`test --plan`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  let file = "fuzz.scenario"
  let scenario: Scenario
  do {
    scenario = try ScenarioParser.parse(text, file: file)
  } catch {
    let lines = FuzzInput.lineCount(text)
    Invariant.check(
      error.location.file == file && (1...lines + 1).contains(error.location.line)
        && error.location.column >= 1,
      "error at \(error.location) outside the \(lines) lines: \(error.message)")
    return 0
  }
  let lines = FuzzInput.lineCount(text)
  for step in scenario.steps {
    Invariant.check(
      (1...lines).contains(step.location.line), "step at \(step.location), \(lines) lines")
  }
  if ScenarioBudget(scenario).steps <= 2_000 {
    _ = try? ScenarioPlan.lines(for: scenario)
  }
  return 0
}
