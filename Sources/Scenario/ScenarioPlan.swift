import Firmware
import KeypadInput
import ScenarioText

/// A scenario as key edges over real time, for a harness that presses keys
/// on real hardware (the QEMU hardware-in-the-loop suite) and checks the
/// glass: one step per line.
///
/// First the set-up, in the scenario header's own words — `lcd`, `rom`,
/// `display`, `dictionary`, `contacts` (as written, relative to the
/// scenario), `contacts-capacity`, `keymap`, `language`, `clock`, a `set`
/// line for every setting, `start` — so a harness can start the firmware as
/// the scenario's phone (`t9phone run` takes them as options). Then
/// `down KEY`, `up KEY`, `sleep MS`, `unplug`, `replug`; `expect` then one
/// `|row|` line per LCD row and `end`; `expect-line N` (1-based) or
/// `expect-line-contains N`, then one `|text|` line; `expect-contains`
/// then one `|text|` line (some row contains it); `expect-log-contains`
/// then one `|text|` line (some line the firmware logged since its start
/// contains it: the harness runs it with `--log-level debug`, as a scenario
/// that checks the log is run); `expect-glass` then
/// one `|row|` line per row and `end` (what the module shows, for a run that
/// drives a real or stubbed display); `expect-state LINE` for the screen,
/// text, mode, cursor, backlight, inbox or unread count, in the form
/// `t9phone run --report-state` prints (`StateLines`).
///
/// With `modem sim` in the header, the network's lines are for the
/// simulated network serving the phone's serial line
/// (`t9phone network serve`, `NetworkCommand`): `network …` and the modem's
/// `fault …` in the scenario's words, and `expect-sent NUMBER "TEXT"`. A
/// `fault modem-reset-mid-send` arms the fault for the next `AT+CMGS`, so
/// it holds however slowly the machine runs.
///
/// What a running phone cannot show — the log, repairs, reports — and what
/// cannot be done to hardware — `restart`, the display's and keypad's
/// faults, recordings, a `draft`, a `sim-pin` other than the network's
/// 1234 — are refused with the scenario's location.
public enum ScenarioPlan {
  /// The plan of `scenario`.
  public static func lines(for scenario: Scenario) throws(ScenarioError) -> [String] {
    if let draft = scenario.draft, !draft.isEmpty {
      throw ScenarioError(
        "a hardware run starts without a draft",
        at: SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    if scenario.simPIN != Scenario.defaultSIMPIN {
      throw ScenarioError(
        "a hardware run's network starts with the SIM's PIN \(Scenario.defaultSIMPIN), not \(scenario.simPIN)",
        at: SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    var lines = FlightReportWriter.headerLines(scenario.reportHeader)
    lines += FlightReportWriter.settingLines(scenario.settings)
    lines.append("start \(scenario.start.rawValue)")
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
      case .expect(.screenContains(let text)):
        lines += ["expect-contains", "|\(text)|"]
      case .expect(.logContains(let text)):
        lines += ["expect-log-contains", "|\(text)|"]
      case .expect(.sent(let to, let text)):
        lines.append(NetworkCommand.expectSent(to: to, text: text).line)
      case .expect(.dialed(let number)):
        lines.append(NetworkCommand.expectDialed(number).line)
      case .expect(.dtmf(let digits)):
        lines.append(NetworkCommand.expectDTMF(digits).line)
      case .expect(let expectation):
        guard let state = StateLines.line(for: expectation) else {
          throw ScenarioError(
            "only the glass and the phone's state can be checked on hardware",
            at: step.location)
        }
        lines.append("expect-state \(state)")
      case .restart:
        throw ScenarioError("'restart' cannot be run on hardware", at: step.location)
      case .fault(let fault) where fault.isModemFault:
        lines.append(fault.directive)
      case .busFault, .fault:
        throw ScenarioError("a fault is simulated, not made on hardware", at: step.location)
      case .recording, .keyEvents:
        throw ScenarioError(
          "a recording is replayed in software, not on hardware", at: step.location)
      case .repeated(let count, let body):
        for _ in 0..<count { try append(body, scenario, to: &lines) }
      case .network(let action):
        lines.append(action.directive)
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
