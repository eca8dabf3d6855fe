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
      With --png-on-failure DIR the firmware's frame at each failure is also
      written as a picture, DIR/<scenario>-firmware.png.
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
      "Write the frame of each failed scenario as DIR/<scenario>-firmware.png.",
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
        recordFrames: pngOnFailure != nil, log: log)
      print(ScenarioReport.summaryLine(result))
      if let failure = result.failure {
        for line in ScenarioReport.failureDetails(failure) { print(line) }
        if let folder = pngOnFailure, let last = result.frames.last {
          // The run stops at the failure: its last frame is the glass then.
          let path = "\(folder)/\(Screenshots.scenarioName(file))-firmware.png"
          try FileIO.makeDirectories(folder)
          try Screenshots.write(last.frame, to: path, options: pictureOptions)
          print("picture: \(path)")
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
