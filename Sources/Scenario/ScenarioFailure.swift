import CharacterLCD
import ScenarioText

/// An expectation that did not hold: where, what, and the glass at that time.
public struct ScenarioFailure: Sendable, Equatable {
  /// The `expect` line.
  public var location: SourceLocation
  /// What was expected and what was found, in one line.
  public var message: String
  /// The rows the expectation describes, when it describes rows.
  public var expectedRows: [String]?
  /// The rows found: the firmware's frame, or the glass for `expect glass`.
  public var actualRows: [String]
  /// The firmware's frame at the failure.
  public var frame: LCDFrame?
  /// What the simulated module showed at the failure.
  public var glass: LCDFrame?
  /// The expectation that did not hold; nil when the failure is the check
  /// that the glass shows the firmware's frame, or a repair nobody expected.
  public var expectation: Expectation?

  /// Creates a failure.
  public init(
    location: SourceLocation, message: String, expectedRows: [String]?, actualRows: [String]
  ) {
    self.location = location
    self.message = message
    self.expectedRows = expectedRows
    self.actualRows = actualRows
  }
}
