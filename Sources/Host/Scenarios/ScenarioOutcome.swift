import Board
import ContactBook
import Diagnostics
import Scenario
import ScenarioText
import StateStorage
import T9Engine
import TextEntry

/// What running one scenario file came to, ready for `t9phone test` to
/// print, picture and report in the order the files were given — on
/// whichever thread it ran.
public struct ScenarioOutcome: Sendable {
  /// The file.
  public let entry: ScenarioFileEntry
  /// The scenario as run (recordings loaded); nil when it did not load.
  public var scenario: Scenario?
  /// The contact book it ran with (`--update` runs it again with it).
  public var contacts: ContactBook?
  /// The run's result; nil when the file did not load.
  public var result: ScenarioResult?
  /// Why the file did not load: `file:line:col: error: …`.
  public var error: String?
  /// The line `error` is on, when the parser said.
  public var errorLine: Int?
  /// The wall time of loading and running it, in microseconds.
  public var microseconds: Int64 = 0
  /// The log records the run wrote, when kept for later (a parallel run).
  public var logRecords: [LogRecord] = []
  /// The warnings loading it gave, when kept for later (a parallel run).
  public var warnings: [String] = []

  /// Loads and runs `entry`: the firmware's records go to `log`, warnings
  /// about recordings to `warn`. Everything the run needs is made here, so
  /// runs on different threads share nothing but the read-only dictionaries.
  public static func run(
    _ entry: ScenarioFileEntry, dictionaries: [Language: T9Dictionary], log: Log,
    warn: (String) -> Void
  ) -> ScenarioOutcome {
    let clock = MonotonicClock()
    var outcome = ScenarioOutcome(entry: entry)
    let file = entry.path
    let scenario: Scenario
    let contacts: ContactBook?
    do {
      let parsed = try ScenarioParser.parse(try ScenarioFiles.read(file), file: file)
      contacts = try ScenarioContacts.load(parsed, from: file)
      scenario = try ScenarioRecordings.resolve(parsed, from: file, warn: warn)
    } catch {
      let parseError = error as? ScenarioError
      outcome.error = parseError?.description ?? "\(file): error: \(error)"
      outcome.errorLine = parseError?.location.line
      outcome.microseconds = clock.now.microseconds
      return outcome
    }
    outcome.scenario = scenario
    outcome.contacts = contacts
    // Start-up is over: its code need not stay resident while keys run.
    StartupPages.release()
    outcome.result = ScenarioRunner.run(
      scenario, dictionaries: dictionaries, contacts: contacts, log: log)
    outcome.microseconds = clock.now.microseconds
    return outcome
  }

  /// Runs `entry` as `run(_:dictionaries:log:warn:)` does, keeping the log
  /// records at `level` and the warnings in the outcome, for a run on
  /// another thread whose output is printed later, in order.
  public static func runKeepingLog(
    _ entry: ScenarioFileEntry, dictionaries: [Language: T9Dictionary], level: LogLevel
  ) -> ScenarioOutcome {
    var records: [LogRecord] = []
    var warnings: [String] = []
    let log = Log(minimumLevel: level) { records.append($0) }
    var outcome = run(entry, dictionaries: dictionaries, log: log) { warnings.append($0) }
    outcome.logRecords = records
    outcome.warnings = warnings
    return outcome
  }

  /// The outcome as a JUnit test case: named after the file, its class the
  /// folder it is in.
  public var junitCase: JUnitTestCase {
    let folder = FileIO.directory(of: entry.path)
    let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
    var test = JUnitTestCase(
      name: name, classname: folder, file: entry.path, microseconds: microseconds,
      outcome: .passed)
    if let error {
      test.outcome = .error(message: error)
      test.line = errorLine
    } else if let failure = result?.failure {
      let details = ScenarioReport.failureDetails(failure)
      test.outcome = .failed(
        message: details.first ?? "", details: details.joined(separator: "\n"))
      test.line = failure.location.line
    }
    return test
  }
}
