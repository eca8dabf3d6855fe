import ArgumentParser
import Board
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
      do {
        try ScenarioSuite.printPlans(paths)
      } catch {
        Console.error("\(error)\n")
        throw ExitCode(2)
      }
      return
    }
    let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
    var suite = ScenarioSuite(
      dictionaries: DictionaryFiles.loadAll(folder: dictionaryOptions.folder, log: log), log: log)
    suite.jobs = jobs
    suite.updatesExpectations = update
    suite.reportsFolder = reports
    suite.picturesFolder = pngOnFailure
    suite.pictureOptions = try picture.options()
    let found: [ScenarioFileEntry]
    do {
      found = try ScenarioFiles.entries(paths)
    } catch let error as CLIError {
      Console.error("error: \(error)\n")
      throw ExitCode(2)
    }
    let totals = try suite.run(
      found, shard: shard.flatMap { ScenarioShard($0) }, junitFile: junit)
    if totals.unparsable > 0 { throw ExitCode(2) }
    if totals.failed > 0 { throw ExitCode(1) }
  }
}
