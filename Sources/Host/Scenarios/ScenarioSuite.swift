import Board
import CharacterLCD
import Diagnostics
import Scenario
import ScenarioText
import Supervision
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `t9phone test`'s run of scenario files: each run (on several threads
/// with `jobs`), its outcome printed in the files' order — `PASS`/`FAIL`, a
/// failure's details, its flight reports and pictures when asked — and
/// counted for the totals and the JUnit report.
public struct ScenarioSuite {
  /// How many scenarios run at a time (nil: one per processor online).
  public var jobs: Int?
  /// Whether a failed `expect screen` or `expect glass` block is rewritten
  /// with what is shown now (`--update`).
  public var updatesExpectations = false
  /// Where each scenario's flight reports are written (`--reports`).
  public var reportsFolder: String?
  /// Where a failure's pictures are written (`--png-on-failure`).
  public var picturesFolder: String?
  /// How the pictures are drawn.
  public var pictureOptions = PictureOptions()
  private let dictionaries: [Language: T9Dictionary]
  private let log: Log

  /// A suite with the dictionaries loaded, logging to `log`.
  public init(dictionaries: [Language: T9Dictionary], log: Log) {
    self.dictionaries = dictionaries
    self.log = log
  }

  /// Runs the scenario files `found` (of `shard`'s slice only, if given),
  /// printing each outcome and then the totals line (`N passed, N failed`,
  /// with the slice's share); the JUnit report goes to `junitFile` if given.
  public func run(
    _ found: [ScenarioFileEntry], shard: ScenarioShard?, junitFile: String?
  ) throws -> ScenarioSuiteTotals {
    let entries = shard.map { shard in found.filter { shard.contains($0.relativePath) } } ?? found
    let totals = try run(
      entries, name: shard.map { "t9phone test (shard \($0))" } ?? "t9phone test")
    var line = ScenarioReport.totals(passed: totals.passed, failed: totals.failed)
    if let shard {
      line += " (shard \(shard): \(entries.count) of \(found.count) scenarios)"
    }
    print(line)
    if let junitFile {
      let folder = FileIO.directory(of: junitFile)
      if folder != "." { try FileIO.makeDirectories(folder) }
      try FileIO.writeAtomically(Array(totals.junit.xml.utf8), to: junitFile, mode: 0o644)
    }
    return totals
  }

  /// Runs `entries`, printing each outcome; returns the counts and the
  /// JUnit report (named `name`).
  public func run(_ entries: [ScenarioFileEntry], name: String) throws -> ScenarioSuiteTotals {
    var totals = ScenarioSuiteTotals(junit: JUnitReport(name: name))
    try runScenarios(entries) { finished in
      let outcome = try updateExpectations(finished)
      try printOutcome(outcome)
      totals.junit.add(outcome.junitCase, toSuite: ScenarioSuite.suiteName(of: outcome.entry))
      if outcome.error != nil {
        totals.unparsable += 1
        totals.failed += 1
      } else if outcome.result?.passed == true {
        totals.passed += 1
      } else {
        totals.failed += 1
      }
    }
    return totals
  }

  /// Runs each scenario and hands its outcome to `deliver`, in the order
  /// given: one after another with `--jobs 1`, else on up to `--jobs`
  /// threads, each run's log records and warnings kept and written when its
  /// turn comes, so the output is a serial run's.
  func runScenarios(
    _ entries: [ScenarioFileEntry], deliver: (ScenarioOutcome) throws -> Void
  ) throws {
    let threads = jobs ?? WorkerThread.processorsOnline
    if threads <= 1 || entries.count <= 1 {
      for entry in entries {
        try deliver(
          ScenarioOutcome.run(entry, dictionaries: dictionaries, log: log) {
            Console.error($0 + "\n")
          })
      }
      return
    }
    let level = log.minimumLevel
    let dictionaries = dictionaries
    try OrderedWorkers.run(
      count: entries.count, threads: threads,
      work: { ScenarioOutcome.runKeepingLog(entries[$0], dictionaries: dictionaries, level: level) }
    ) { outcome in
      for warning in outcome.warnings { Console.error(warning + "\n") }
      for record in outcome.logRecords { log(record.level, record.tag, record.message) }
      try deliver(outcome)
    }
  }

  /// `--update`: a failed scenario's `expect screen` and `expect glass`
  /// blocks rewritten (`ScenarioUpdater`) and the scenario run again, here
  /// on the thread that prints, in the files' order, as its messages are.
  func updateExpectations(_ outcome: ScenarioOutcome) throws -> ScenarioOutcome {
    guard updatesExpectations, let result = outcome.result, !result.passed else { return outcome }
    var updated = outcome
    let contacts = outcome.contacts
    updated.result = try ScenarioUpdater.update(outcome.entry.path, after: result) {
      ScenarioRunner.run($0, dictionaries: dictionaries, contacts: contacts, log: log)
    }
    return updated
  }

  /// Prints one scenario's outcome — `PASS`/`FAIL`, a failure's details or
  /// the error — and writes its flight reports and failure pictures.
  func printOutcome(_ outcome: ScenarioOutcome) throws {
    let file = outcome.entry.path
    guard let result = outcome.result, let scenario = outcome.scenario else {
      print("FAIL \(file)")
      print(outcome.error ?? "\(file): error: did not run")
      return
    }
    print(ScenarioReport.summaryLine(result))
    if let folder = reportsFolder {
      try writeReports(result.reports, of: scenario, from: file, to: folder)
    }
    if let failure = result.failure {
      for line in ScenarioReport.failureDetails(failure) { print(line) }
      if let folder = picturesFolder {
        try FileIO.makeDirectories(folder)
        let name = "\(folder)/\(Screenshots.scenarioName(file))"
        for (frame, kind) in [(failure.frame, "firmware"), (failure.glass, "glass")] {
          guard let frame else { continue }
          try Screenshots.write(frame, to: "\(name)-\(kind).png", options: pictureOptions)
          print("picture: \(name)-\(kind).png")
        }
      }
    }
  }

  /// The JUnit suite a scenario belongs to: the folder it was found in, or
  /// one set for the files named on the command line.
  public static func suiteName(of entry: ScenarioFileEntry) -> String {
    entry.root == nil ? "command line" : FileIO.directory(of: entry.path)
  }

  /// `--reports DIR`: each flight report of a scenario's run as a scenario,
  /// `DIR/<folder>-<scenario>-<report name>`, written at once. The header's
  /// files are named from the current folder (absolute paths), so the
  /// report replays from anywhere on this machine.
  func writeReports(
    _ flightReports: [FlightReport], of scenario: Scenario, from file: String, to folder: String
  ) throws {
    guard !flightReports.isEmpty else { return }
    try FileIO.makeDirectories(folder)
    var header = scenario
    let base = FileIO.directory(of: file)
    if let contacts = header.contactsFile {
      header.contactsFile = absolute(contacts, from: base)
    }
    if header.keymap.contains("/") || header.keymap.hasSuffix(".keymap") {
      header.keymap = absolute(header.keymap, from: base)
    }
    for report in flightReports {
      let text = FlightReportWriter.text(report, header: header)
      var taken: Set<String> = []
      let wanted = "\(Screenshots.scenarioName(file))-\(FlightReportWriter.fileName(report))"
      var name = ReportRetention.freeName(wanted, taken: taken)
      while FileIO.exists("\(folder)/\(name)") {
        taken.insert(name)
        name = ReportRetention.freeName(wanted, taken: taken)
      }
      try FileIO.writeAtomically(Array(text.utf8), to: "\(folder)/\(name)", mode: 0o644)
      print("report: \(folder)/\(name)")
    }
  }

  /// `path` (relative to `base`) as an absolute path.
  private func absolute(_ path: String, from base: String) -> String {
    if path.hasPrefix("/") { return path }
    var joined = base == "." ? path : "\(base)/\(path)"
    if !joined.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      if getcwd(&buffer, buffer.count) != nil {
        let folder = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        joined = "\(folder)/\(joined)"
      }
    }
    return joined
  }

  /// `--plan`: each scenario's steps for the hardware-in-the-loop harness,
  /// one scenario after another, each starting with `scenario FILE`. An
  /// error is a `ScenarioError` (`file:line:col: error: …`) or a
  /// `CLIError` (`error: …`), ready to print.
  public static func printPlans(_ paths: [String]) throws(CLIError) {
    do {
      for file in try ScenarioFiles.collect(paths) {
        let scenario = try ScenarioParser.parse(try ScenarioFiles.read(file), file: file)
        print("scenario \(file)")
        for line in try ScenarioPlan.lines(for: scenario) { print(line) }
      }
    } catch let error as ScenarioError {
      throw CLIError(error.description)
    } catch {
      throw CLIError("error: \(error)")
    }
  }
}
