import ArgumentParser
import CharacterLCD
import Diagnostics
import Host
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

/// `t9phone test [PATH…]`: runs scenario files and folders.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run scenario files (default: Scenarios/).",
    discussion: """
      Prints one line per scenario, the details of each failure (file:line: with the
      expected and actual screens side by side) and last 'N passed, N failed'.
      Exit status: 0 all passed, 1 a scenario failed, 2 a file did not parse.
      With --png-on-failure DIR the firmware's frame and the simulated module's
      glass at each failure are also written as pictures, DIR/<folder>-<scenario>-firmware.png
      and DIR/<folder>-<scenario>-glass.png.
      With --reports DIR the flight reports of each scenario's run (one for each
      repair its watchdog makes) are kept in DIR as replayable scenarios,
      <folder>-<scenario>-<YYYYMMDDTHHMMSSZ>-<repair>.scenario;
      't9phone test FILE' replays one.
      With --junit FILE the results are also written as a JUnit XML report for CI:
      one testsuite per folder (the files named on the command line are one more),
      one testcase per scenario with its time, a failure with the console's failure
      details, an error with the parser's file:line:col: error: message.
      --jobs N runs N scenarios at a time (default: one per processor online);
      the output, pictures and reports are those of a run one after another
      (--jobs 1). --shard I/N runs the I-th of N slices: a scenario's slice
      comes from its path below the folder given, so every scenario is in
      exactly one slice and stays there when files are added (docs/ci.md).
      With --update a failed 'expect screen' or 'expect glass' block is rewritten
      with what is shown now, every other line kept byte for byte, and the scenario
      runs again until it passes or fails on another kind of check (left as it is);
      each updated block is printed as 'updated FILE:LINE: expect screen'.
      """
  )

  @Argument(help: "Scenario files or folders.")
  var paths: [String] = ["Scenarios"]

  @OptionGroup var logging: LoggingOptions

  @OptionGroup var dictionaryOptions: DictionaryOptions

  @Flag(
    help:
      "Print each scenario as key edges over real time (down/up/sleep/expect) for a hardware run, instead of running it."
  )
  var plan = false

  @Option(
    name: .customLong("png-on-failure"),
    help: ArgumentHelp(
      "Write the firmware's frame and the glass of each failed scenario as PNGs in DIR.",
      valueName: "DIR"))
  var pngOnFailure: String?

  @Option(
    help: ArgumentHelp(
      "Write the flight reports of each scenario's run as scenarios in DIR.", valueName: "DIR"))
  var reports: String?

  @Option(
    help: ArgumentHelp(
      "Also write the results as a JUnit XML report to FILE, for CI.", valueName: "FILE"))
  var junit: String?

  @Option(
    help: ArgumentHelp(
      "Run N scenarios at a time (default: the number of processors online; 1 = one after another).",
      valueName: "N"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Run only the I-th of N disjoint slices of the scenarios, 1 ≤ I ≤ N (a CI matrix).",
      valueName: "I/N"))
  var shard: String?

  @Flag(
    help:
      "Rewrite each failed 'expect screen' or 'expect glass' block with what is shown now (review the diff)."
  )
  var update = false

  @OptionGroup var picture: PictureArguments

  func validate() throws {
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs must be at least 1, not \(jobs)")
    }
    if let shard, ScenarioShard(shard) == nil {
      throw ValidationError(
        "--shard must be I/N, whole numbers with 1 ≤ I ≤ N (such as 2/3), not '\(shard)'")
    }
  }

  func run() throws {
    if plan {
      try printPlans()
      return
    }
    let pictureOptions = try picture.options()
    let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
    let dictionaries = DictionaryFiles.loadAll(folder: dictionaryOptions.folder, log: log)
    let found: [ScenarioFileEntry]
    do {
      found = try ScenarioFiles.entries(paths)
    } catch let error as CLIError {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
    let slice = shard.flatMap { ScenarioShard($0) }
    let entries = slice.map { slice in found.filter { slice.contains($0.relativePath) } } ?? found
    var passed = 0
    var failed = 0
    var unparsable = 0
    var report = JUnitReport(name: slice.map { "t9phone test (shard \($0))" } ?? "t9phone test")
    try runScenarios(entries, dictionaries: dictionaries, log: log) { finished in
      let outcome = try updateExpectations(finished, dictionaries: dictionaries, log: log)
      try printOutcome(outcome, pictureOptions: pictureOptions)
      report.add(outcome.junitCase, toSuite: TestCommand.suiteName(of: outcome.entry))
      if outcome.error != nil {
        unparsable += 1
        failed += 1
      } else if outcome.result?.passed == true {
        passed += 1
      } else {
        failed += 1
      }
    }
    var totals = ScenarioReport.totals(passed: passed, failed: failed)
    if let slice {
      totals += " (shard \(slice): \(entries.count) of \(found.count) scenarios)"
    }
    print(totals)
    if let junit {
      let folder = FileIO.directory(of: junit)
      if folder != "." { try FileIO.makeDirectories(folder) }
      try FileIO.writeAtomically(Array(report.xml.utf8), to: junit, mode: 0o644)
    }
    if unparsable > 0 { throw ExitCode(2) }
    if failed > 0 { throw ExitCode(1) }
  }
}

extension TestCommand {
  /// Runs each scenario and hands its outcome to `deliver`, in the order
  /// given: one after another with `--jobs 1`, else on up to `--jobs`
  /// threads, each run's log records and warnings kept and written when its
  /// turn comes, so the output is a serial run's.
  func runScenarios(
    _ entries: [ScenarioFileEntry], dictionaries: [Language: T9Dictionary], log: Log,
    deliver: (ScenarioOutcome) throws -> Void
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
  func updateExpectations(
    _ outcome: ScenarioOutcome, dictionaries: [Language: T9Dictionary], log: Log
  ) throws -> ScenarioOutcome {
    guard update, let result = outcome.result, !result.passed else { return outcome }
    var updated = outcome
    let contacts = outcome.contacts
    updated.result = try ScenarioUpdater.update(outcome.entry.path, after: result) {
      ScenarioRunner.run($0, dictionaries: dictionaries, contacts: contacts, log: log)
    }
    return updated
  }

  /// Prints one scenario's outcome — `PASS`/`FAIL`, a failure's details or
  /// the error — and writes its flight reports and failure pictures.
  func printOutcome(_ outcome: ScenarioOutcome, pictureOptions: PictureOptions) throws {
    let file = outcome.entry.path
    guard let result = outcome.result, let scenario = outcome.scenario else {
      print("FAIL \(file)")
      print(outcome.error ?? "\(file): error: did not run")
      return
    }
    print(ScenarioReport.summaryLine(result))
    if let folder = reports {
      try writeReports(result.reports, of: scenario, from: file, to: folder)
    }
    if let failure = result.failure {
      for line in ScenarioReport.failureDetails(failure) { print(line) }
      if let folder = pngOnFailure {
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
  static func suiteName(of entry: ScenarioFileEntry) -> String {
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
  /// one scenario after another, each starting with `scenario FILE`.
  func printPlans() throws {
    do {
      for file in try ScenarioFiles.collect(paths) {
        let scenario = try ScenarioParser.parse(try ScenarioFiles.read(file), file: file)
        print("scenario \(file)")
        for line in try ScenarioPlan.lines(for: scenario) { print(line) }
      }
    } catch let error as ScenarioError {
      Console.error("\(error.description)\n")
      throw ExitCode(2)
    } catch {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
  }
}
