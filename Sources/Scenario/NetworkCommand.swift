import ScenarioText

/// A line for the simulated network when it runs on its own, serving a
/// real serial line (`t9phone network serve`): a hardware plan's
/// `network …` and modem `fault …` lines, in the scenario's own words, and
/// `expect-sent NUMBER "TEXT"`, which asks whether the network has received
/// that message. The scenario parser reads them, so a plan and a scenario
/// cannot disagree on what a line means.
public enum NetworkCommand: Sendable, Hashable {
  /// `network sms|pdu|refuse-sends|accept-sends …`.
  case network(NetworkAction)
  /// `fault modem-silent|modem-reset|modem-gone|modem-reset-mid-send …`.
  case fault(ScenarioFault)
  /// `expect-sent NUMBER "TEXT"`.
  case expectSent(to: String, text: String)

  /// Reads one line; the error's message says what is wrong (its location
  /// is the line's column).
  public static func parse(_ line: String) throws(ScenarioError) -> NetworkCommand {
    var text = line
    if text.hasPrefix("expect-sent ") { text = "expect sent " + text.dropFirst(12) }
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
        "expected one 'network …', modem 'fault …' or 'expect-sent' line", at: whole)
    }
    switch step.action {
    case .network(let action): return .network(action)
    case .fault(let fault) where fault.isModemFault: return .fault(fault)
    case .expect(.sent(let to, let text)): return .expectSent(to: to, text: text)
    default:
      throw ScenarioError(
        "only 'network …', modem 'fault …' and 'expect-sent' reach the network", at: whole)
    }
  }

  /// The line as `parse` reads it back.
  public var line: String {
    switch self {
    case .network(let action): action.directive
    case .fault(let fault): fault.directive
    case .expectSent(let to, let text): "expect-sent \(to) \(FlightReportWriter.literal(text))"
    }
  }
}
