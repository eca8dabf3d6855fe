/// One scenario in a JUnit report: what it is called, where it is, how long
/// it ran and how it ended.
public struct JUnitTestCase: Sendable, Equatable {
  /// How a scenario ended.
  public enum Outcome: Sendable, Equatable {
    /// Every expectation held.
    case passed
    /// An expectation did not hold: the one-line `message` (`file:line: …`)
    /// and the `details` (the console's failure text).
    case failed(message: String, details: String)
    /// The file could not be run (it did not parse, or what it names did
    /// not load): the `file:line:col: error: …` message.
    case error(message: String)
  }

  /// The test's name: the scenario's file name.
  public var name: String
  /// The class it belongs to: the scenario's folder.
  public var classname: String
  /// The scenario's path, for tools that link a test to its file.
  public var file: String
  /// The line the failure or error is on, when known.
  public var line: Int?
  /// The wall time of the scenario's run, in microseconds.
  public var microseconds: Int64
  /// How it ended.
  public var outcome: Outcome

  /// Creates a test case.
  public init(
    name: String, classname: String, file: String, line: Int? = nil, microseconds: Int64,
    outcome: Outcome
  ) {
    self.name = name
    self.classname = classname
    self.file = file
    self.line = line
    self.microseconds = microseconds
    self.outcome = outcome
  }
}
