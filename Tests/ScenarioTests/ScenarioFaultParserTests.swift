import KeypadInput
import Scenario
import Testing

private func steps(_ text: String) throws(ScenarioError) -> [ScenarioAction] {
  try ScenarioParser.parse(text, file: "f.scenario").steps.map(\.action)
}

private func error(_ text: String) -> String? {
  do {
    _ = try ScenarioParser.parse(text, file: "f.scenario")
    return nil
  } catch {
    return error.description
  }
}

@Test("every fault directive parses, a negative clock jump and the hash key included")
func scenarioParser_faults() throws {
  let actions = try steps(
    """
    fault lcd-garbage
    fault lcd-reset
    fault bus-down 2.5s
    fault stuck 5
    fault stuck #
    fault clock-jump -5s
    fault clock-jump 250ms
    expect repairs 3
    expect report
    """)
  let faults = actions.compactMap { action -> ScenarioFault? in
    if case .fault(let fault) = action { return fault }
    return nil
  }
  #expect(
    faults == [
      .lcdGarbage, .lcdReset, .busDown(.milliseconds(2500)), .stuck(.five), .stuck(.hash),
      .clockJump(.seconds(-5)), .clockJump(.milliseconds(250)),
    ])
  guard case .expect(.repairs(3)) = actions[7], case .expect(.report) = actions[8] else {
    Issue.record("expected 'expect repairs 3' and 'expect report', got \(actions[7...])")
    return
  }
}

@Test("bad faults are refused with their line and column")
func scenarioParser_badFaults() {
  #expect(
    error("fault lcd-melt")
      == "f.scenario:1:7: error: unknown fault 'lcd-melt' (lcd-garbage, lcd-reset, bus-down, stuck, clock-jump)"
  )
  #expect(error("fault bus-down") != nil)
  #expect(
    error("fault clock-jump -x") == "f.scenario:1:18: error: bad duration '-x' (like 5s, -250ms)")
  #expect(error("fault stuck") != nil)
  #expect(
    error("display lcdproc\nfault lcd-garbage")
      == "f.scenario:2:7: error: 'fault lcd-garbage' needs 'display i2c': LCDd's screen is its own")
  #expect(error("expect repairs -1") != nil)
  // A lone # after other fault words is still a comment.
  #expect(error("fault lcd-reset # the module browns out") == nil)
}
