import Vocabulary

/// One expectation as a run checked it: where it is written, when the
/// firmware's clock checked it and whether it held. A page replaying a
/// scenario shows each one beside the glass at that moment.
public struct ScenarioCheck: Sendable, Equatable {
  /// The expectation's line in the scenario file.
  public var line: Int
  /// The firmware's time of the check.
  public var time: Instant
  /// Whether the expectation held.
  public var passed: Bool

  /// The check of the expectation on `line`, at `time`.
  public init(line: Int, time: Instant, passed: Bool) {
    self.line = line
    self.time = time
    self.passed = passed
  }
}
