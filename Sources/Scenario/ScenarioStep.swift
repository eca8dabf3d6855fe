import KeypadInput
import ScenarioText

/// One directive after the header, with the line it came from.
public struct ScenarioStep: Sendable {
  /// What to do.
  public var action: ScenarioAction
  /// Where it was written.
  public var location: SourceLocation

  /// Creates a step.
  public init(_ action: ScenarioAction, at location: SourceLocation) {
    self.action = action
    self.location = location
  }
}
