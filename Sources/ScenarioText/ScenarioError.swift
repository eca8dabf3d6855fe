/// A scenario file that does not parse: where and why.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(_ message: String, at location: SourceLocation) {
    self.location = location
    self.message = message
  }

  /// `file:line:col: error: message`, the form compilers use.
  public var description: String { "\(location): error: \(message)" }
}
