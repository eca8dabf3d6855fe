import ArgumentParser
import ContactBook
import Diagnostics
import Scenario

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
      let result = ScenarioRunner.run(
        scenario, dictionaries: dictionaries, contacts: contacts,
        log: log)
      print(ScenarioReport.summaryLine(result))
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
