import Scenario

/// What a `ScenarioSuite` run counted: scenarios passed and failed (those
/// that did not parse among the failed), and the JUnit report of them all.
public struct ScenarioSuiteTotals {
  /// Scenarios whose every check passed.
  public var passed = 0
  /// Scenarios that failed a check, did not run or did not parse.
  public var failed = 0
  /// Of the failed, those that did not parse.
  public var unparsable = 0
  /// The results for CI (`--junit`).
  public var junit: JUnitReport
}
