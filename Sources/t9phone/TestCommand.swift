import ArgumentParser
import ContactBook
import Diagnostics
import Scenario
import Supervision

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

  @Flag(
    help:
      "Rewrite each failed 'expect screen' or 'expect glass' block with what is shown now (review the diff)."
  )
  var update = false

  @OptionGroup var picture: PictureArguments

  func run() throws {
    if plan {
      try printPlans()
      return
    }
    let pictureOptions = try picture.options()
    let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
    let dictionaries = DictionaryFiles.loadAll(folder: dictionaryOptions.folder, log: log)
    let files: [String]
    do {
      files = try ScenarioFiles.collect(paths)
    } catch let error as CLIError {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
    var passed = 0
    var failed = 0
    var unparsable = 0
    for file in files {
      let scenario: Scenario
      let contacts: ContactBook?
      do {
        let parsed = try ScenarioParser.parse(try ScenarioFiles.read(file), file: file)
        contacts = try ScenarioContacts.load(parsed, from: file)
        scenario = try ScenarioRecordings.resolve(parsed, from: file)
      } catch {
        print("FAIL \(file)")
        print((error as? ScenarioError)?.description ?? "\(file): error: \(error)")
        unparsable += 1
        failed += 1
        continue
      }
      var result = ScenarioRunner.run(
        scenario, dictionaries: dictionaries, contacts: contacts,
        log: log)
      if update, !result.passed {
        result = try ScenarioUpdater.update(file, after: result) {
          ScenarioRunner.run($0, dictionaries: dictionaries, contacts: contacts, log: log)
        }
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
        failed += 1
      } else {
        passed += 1
      }
    }
    print(ScenarioReport.totals(passed: passed, failed: failed))
    if unparsable > 0 { throw ExitCode(2) }
    if failed > 0 { throw ExitCode(1) }
  }
}

extension TestCommand {
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
