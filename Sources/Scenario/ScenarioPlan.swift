import Firmware
import KeypadInput

/// A scenario as key edges over real time, for a harness that presses keys
/// on real hardware (the QEMU hardware-in-the-loop suite) and checks the
/// glass: one step per line.
///
/// `down KEY`, `up KEY`, `sleep MS`, `unplug`, `replug`; `expect` then one
/// `|row|` line per LCD row and `end`; `expect-line N` (1-based) or
/// `expect-line-contains N`, then one `|text|` line; `expect-glass` then
/// one `|row|` line per row and `end` (what the module shows, for a run that
/// drives a real or stubbed display). Only what the glass
/// shows can be checked on hardware: other expectations, `restart`, a
/// start screen other than idle and a `draft` are refused with the
/// scenario's location.
public enum ScenarioPlan {
  /// The plan of `scenario`.
  public static func lines(for scenario: Scenario) throws(ScenarioError) -> [String] {
    if scenario.start != .idle {
      throw ScenarioError(
        "a hardware run starts on the idle screen",
        at: SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    if let draft = scenario.draft, !draft.isEmpty {
      throw ScenarioError(
        "a hardware run starts without a draft",
        at: SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    var lines: [String] = []
    try append(scenario.steps, scenario, to: &lines)
    return lines
  }

  private static func append(
    _ steps: [ScenarioStep], _ scenario: Scenario, to lines: inout [String]
  ) throws(ScenarioError) {
    for step in steps {
      if let stimuli = scenario.stimuli(of: step.action) {
        lines += stimuli.map(line(for:))
        continue
      }
      switch step.action {
      case .tap, .press, .release, .hold, .wait, .unplug, .replug:
        continue  // stimuli, printed above
      case .expect(.screen(let rows)):
        lines.append("expect")
        lines += rows.map { "|\($0)|" }
        lines.append("end")
      case .expect(.glass(let rows)):
        lines.append("expect-glass")
        lines += rows.map { "|\($0)|" }
        lines.append("end")
      case .expect(.line(let row, let text)):
        lines += ["expect-line \(row)", "|\(text)|"]
      case .expect(.lineContains(let row, let text)):
        lines += ["expect-line-contains \(row)", "|\(text)|"]
      case .expect:
        throw ScenarioError("only the glass can be checked on hardware", at: step.location)
      case .restart:
        throw ScenarioError("'restart' cannot be run on hardware", at: step.location)
      case .busFault, .fault:
        throw ScenarioError("a fault is simulated, not made on hardware", at: step.location)
      case .recording, .keyEvents:
        throw ScenarioError(
          "a recording is replayed in software, not on hardware", at: step.location)
      case .repeated(let count, let body):
        for _ in 0..<count { try append(body, scenario, to: &lines) }
      }
    }
  }

  /// The plan's line for `stimulus`: `down KEY`, `up KEY`, `sleep MS`,
  /// `unplug`, `replug`.
  static func line(for stimulus: Stimulus) -> String {
    switch stimulus {
    case .press(let key): "down \(key.name)"
    case .release(let key): "up \(key.name)"
    case .wait(let duration): "sleep \(duration.wholeMilliseconds)"
    case .unplug: "unplug"
    case .replug: "replug"
    }
  }
}
