/// A group of test cases in a JUnit report (`<testsuite>`): the scenarios
/// of one folder, or the files named on the command line.
public struct JUnitTestSuite: Sendable, Equatable {
  /// The suite's name.
  public var name: String
  /// Its test cases, in the order they ran.
  public var cases: [JUnitTestCase] = []

  /// Creates an empty suite.
  public init(name: String) {
    self.name = name
  }

  /// How many of its cases failed an expectation.
  public var failures: Int {
    cases.reduce(0) { count, test in
      if case .failed = test.outcome { return count + 1 }
      return count
    }
  }

  /// How many of its cases could not be run.
  public var errors: Int {
    cases.reduce(0) { count, test in
      if case .error = test.outcome { return count + 1 }
      return count
    }
  }

  /// The sum of its cases' times, in microseconds.
  public var microseconds: Int64 { cases.reduce(0) { $0 + $1.microseconds } }
}
