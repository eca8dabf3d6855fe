/// A JUnit XML report of a scenario run, the format CI systems read
/// (GitHub Actions' report actions, GitLab's `artifacts:reports:junit`,
/// Jenkins' `junit` step): a `<testsuites>` root with the totals, one
/// `<testsuite>` per group, one `<testcase>` per scenario with a
/// `<failure>` or `<error>` when it did not pass.
public struct JUnitReport: Sendable, Equatable {
  /// The root's name.
  public var name: String
  /// The suites, in the order their first case was added.
  public private(set) var suites: [JUnitTestSuite] = []

  /// Creates an empty report called `name`.
  public init(name: String) {
    self.name = name
  }

  /// Adds a test case to the suite called `suite`, creating it after the
  /// others when it is new.
  public mutating func add(_ testCase: JUnitTestCase, toSuite suite: String) {
    if let index = suites.lastIndex(where: { $0.name == suite }) {
      suites[index].cases.append(testCase)
    } else {
      var created = JUnitTestSuite(name: suite)
      created.cases.append(testCase)
      suites.append(created)
    }
  }

  /// The report as an XML 1.0 document in UTF-8, ending with a line feed.
  public var xml: String {
    let tests = suites.reduce(0) { $0 + $1.cases.count }
    let failures = suites.reduce(0) { $0 + $1.failures }
    let errors = suites.reduce(0) { $0 + $1.errors }
    let time = suites.reduce(Int64(0)) { $0 + $1.microseconds }
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    lines.append(
      "<testsuites name=\"\(XMLText.attribute(name))\" tests=\"\(tests)\" failures=\"\(failures)\""
        + " errors=\"\(errors)\" time=\"\(JUnitReport.seconds(time))\">")
    for suite in suites {
      lines.append(
        "  <testsuite name=\"\(XMLText.attribute(suite.name))\" tests=\"\(suite.cases.count)\""
          + " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\""
          + " time=\"\(JUnitReport.seconds(suite.microseconds))\">")
      for test in suite.cases { lines.append(contentsOf: JUnitReport.lines(of: test)) }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `microseconds` as seconds with three decimals, JUnit's `time`:
  /// 1_234_567 is `1.235`.
  public static func seconds(_ microseconds: Int64) -> String {
    let milliseconds = (Swift.max(0, microseconds) + 500) / 1000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  private static func lines(of test: JUnitTestCase) -> [String] {
    var opening =
      "    <testcase name=\"\(XMLText.attribute(test.name))\""
      + " classname=\"\(XMLText.attribute(test.classname))\""
      + " file=\"\(XMLText.attribute(test.file))\""
    if let line = test.line { opening += " line=\"\(line)\"" }
    opening += " time=\"\(seconds(test.microseconds))\""
    switch test.outcome {
    case .passed:
      return [opening + "/>"]
    case .failed(let message, let details):
      return [
        opening + ">",
        "      <failure message=\"\(XMLText.attribute(message))\" type=\"expectation\">"
          + XMLText.content(details) + "</failure>",
        "    </testcase>",
      ]
    case .error(let message):
      return [
        opening + ">",
        "      <error message=\"\(XMLText.attribute(message))\" type=\"error\">"
          + XMLText.content(message) + "</error>",
        "    </testcase>",
      ]
    }
  }
}
