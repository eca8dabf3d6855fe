import Scenario

/// How much work a parsed scenario asks for, so the scenario and report
/// targets only expand or run those that stay fast: a fuzzer finds
/// `repeat 10000000` and `wait 9999h` at once, and running them would time
/// out without finding anything the parser had not already accepted.
///
/// All sums saturate at `Int64.max`.
public struct ScenarioBudget {
  /// Steps after `repeat` blocks are expanded.
  public private(set) var steps: Int64 = 0
  /// Virtual time the steps take (taps, holds, waits), in microseconds.
  public private(set) var microseconds: Int64 = 0

  /// The budget of `scenario`'s steps.
  public init(_ scenario: Scenario) {
    let perTap =
      ScenarioBudget.positive(scenario.tapHold) &+ ScenarioBudget.positive(scenario.tapGap)
    (steps, microseconds) = ScenarioBudget.measure(scenario.steps, perTap: perTap)
  }

  /// Whether a run stays under `maximumSteps` expanded steps and
  /// `maximumTime` of virtual time, and a held key's repeats (one each
  /// repeat interval of that time) under `maximumRepeats`.
  public func allowsRun(
    _ scenario: Scenario, maximumSteps: Int64 = 2_000, maximumTime: Duration = .seconds(60),
    maximumRepeats: Int64 = 20_000
  ) -> Bool {
    guard steps <= maximumSteps, microseconds <= maximumTime.wholeMicrosecondsForBudget else {
      return false
    }
    // A zero interval is run too (counted as 1 ms): the firmware does not
    // repeat faster than its clock moves.
    let interval = Swift.max(
      scenario.settings.gestures.repeatInterval.wholeMicrosecondsForBudget, 1_000)
    return microseconds / interval <= maximumRepeats
  }

  private static func measure(_ steps: [ScenarioStep], perTap: Int64) -> (Int64, Int64) {
    var count: Int64 = 0
    var time: Int64 = 0
    for step in steps {
      count = add(count, 1)
      switch step.action {
      case .tap(let keys): time = add(time, multiply(Int64(keys.count), perTap))
      case .hold(_, let duration), .wait(let duration): time = add(time, positive(duration))
      case .repeated(let times, let body):
        let (bodySteps, bodyTime) = measure(body, perTap: perTap)
        count = add(count, multiply(Int64(times), bodySteps))
        time = add(time, multiply(Int64(times), bodyTime))
      default: continue
      }
    }
    return (count, time)
  }

  private static func positive(_ duration: Duration) -> Int64 {
    Swift.max(0, duration.wholeMicrosecondsForBudget)
  }

  private static func add(_ lhs: Int64, _ rhs: Int64) -> Int64 {
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    return overflow ? .max : sum
  }

  private static func multiply(_ lhs: Int64, _ rhs: Int64) -> Int64 {
    let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
    return overflow ? .max : product
  }
}

extension Duration {
  /// Whole microseconds, saturating instead of trapping.
  fileprivate var wholeMicrosecondsForBudget: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000)
    return overflowSum ? .max : sum
  }
}
