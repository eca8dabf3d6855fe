import ScenarioText

/// A line for the simulated network when it runs on its own, serving a
/// real serial line (`t9phone network serve`): a hardware plan's
/// `network …` and modem `fault …` lines, in the scenario's own words, and
/// `expect-sent NUMBER "TEXT"`, `expect-dialed NUMBER` and `expect-dtmf
/// "DIGITS"`, which ask whether the network has received that message,
/// heard that number dialled, or heard those tones. The scenario parser reads them, so a plan and a scenario
/// cannot disagree on what a line means.
public enum NetworkCommand: Sendable, Hashable {
  /// `network sms|pdu|refuse-sends|accept-sends …`.
  case network(NetworkAction)
  /// `fault modem-silent|modem-reset|modem-gone|modem-reset-mid-send …`.
  case fault(ScenarioFault)
  /// `expect-sent NUMBER "TEXT"`.
  case expectSent(to: String, text: String)
  /// `expect-dialed NUMBER`: whether the network heard the phone dial it.
  case expectDialed(String)
  /// `expect-dtmf "DIGITS"`: whether the tones heard so far are DIGITS.
  case expectDTMF(String)

  /// Reads one line; the error's message says what is wrong (its location
  /// is the line's column).
  public static func parse(_ line: String) throws(ScenarioError) -> NetworkCommand {
    var text = line
    for (plan, scenario) in [
      ("expect-sent ", "expect sent "), ("expect-dialed ", "expect dialed "),
      ("expect-dtmf ", "expect dtmf "),
    ] where text.hasPrefix(plan) {
      text = scenario + text.dropFirst(plan.count)
    }
    // The header that lets a scenario speak of the network.
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse("modem sim\n" + text, file: "-")
    } catch {
      throw ScenarioError(
        error.message, at: SourceLocation(file: "-", line: 1, column: error.location.column))
    }
    let steps = scenario.steps
    let whole = SourceLocation(file: "-", line: 1, column: 1)
    guard steps.count == 1, let step = steps.first else {
      throw ScenarioError(
        "expected one 'network …', modem 'fault …', 'expect-sent', 'expect-dialed' or 'expect-dtmf' line",
        at: whole)
    }
    switch step.action {
    case .network(let action): return .network(action)
    case .fault(let fault) where fault.isModemFault: return .fault(fault)
    case .expect(.sent(let to, let text)): return .expectSent(to: to, text: text)
    case .expect(.dialed(let number)): return .expectDialed(number)
    case .expect(.dtmf(let digits)): return .expectDTMF(digits)
    default:
      throw ScenarioError(
        "only 'network …', modem 'fault …', 'expect-sent', 'expect-dialed' and 'expect-dtmf' reach the network",
        at: whole)
    }
  }

  /// The line as `parse` reads it back.
  public var line: String {
    switch self {
    case .network(let action): action.directive
    case .fault(let fault): fault.directive
    case .expectSent(let to, let text): "expect-sent \(to) \(FlightReportWriter.literal(text))"
    case .expectDialed(let number): "expect-dialed \(number)"
    case .expectDTMF(let digits): "expect-dtmf \(FlightReportWriter.literal(digits))"
    }
  }
}
