import Board
import EvdevInput
import KeypadInput
import Scenario

/// Loads the evemu recordings a scenario replays (`evemu FILE`, relative to
/// the scenario file) through its keymap, replacing each `recording` step
/// with the key edges it holds.
public enum ScenarioRecordings {
  /// The scenario with every recording loaded; a recording's warnings
  /// (lines evemu-play would skip) go to `warn`, by default standard error.
  public static func resolve(
    _ scenario: Scenario, from scenarioFile: String,
    warn: (String) -> Void = { Console.error($0 + "\n") }
  ) throws -> Scenario {
    guard contains(scenario.steps) else { return scenario }
    let base = FileIO.directory(of: scenarioFile)
    let keymap = try KeymapFiles.load(scenario.keymap, relativeTo: base)
    var resolved = scenario
    resolved.steps = try scenario.steps.map { try resolve($0, keymap, base, warn) }
    return resolved
  }

  /// What `t9phone replay` replays: the scenario at `file`, or the evemu
  /// recording at `evemu` as a scenario of one step on `lcd` read through
  /// `keymap` — exactly one of the two — with its recordings loaded.
  /// Returns the scenario and the file it came from; a file that does not
  /// parse throws its `ScenarioError`, anything else a `CLIError`.
  public static func replayed(
    file: String?, evemu: String?, keymap: String, lcd: String
  ) throws -> (scenario: Scenario, file: String) {
    switch (file, evemu) {
    case (let path?, nil):
      let scenario = try ScenarioParser.parse(try ScenarioFiles.read(path), file: path)
      return (try resolve(scenario, from: path), path)
    case (nil, let recording?):
      // A recording is a scenario of one step: its key edges.
      var scenario = try ScenarioParser.parse("lcd \(lcd)\nevemu \(recording)\n", file: recording)
      scenario.keymap = keymap
      return (try resolve(scenario, from: "./-"), recording)
    default:
      throw CLIError("give a scenario file or --evemu FILE, not both")
    }
  }

  /// The key edges of a recording, at the recording's times: the run moves
  /// them onto its clock (the runtime's `InputClock`, rebased on the
  /// recording) as a device run does a keypad's.
  public static func keyEvents(of recording: EvemuRecording, keymap: Keymap) -> [KeyEvent] {
    var translator = KeyTranslator(keymap: keymap)
    return recording.events.compactMap { translator.translate($0) }
  }

  private static func resolve(
    _ step: ScenarioStep, _ keymap: Keymap, _ base: String, _ warn: (String) -> Void
  ) throws -> ScenarioStep {
    switch step.action {
    case .recording(let name):
      let path = name.hasPrefix("/") ? name : base + "/" + name
      let recording: EvemuRecording
      do {
        recording = try EvemuRecording.parse(try FileIO.readText(path), file: path)
      } catch let error as EvemuError {
        throw CLIError(error.message)
      }
      for warning in recording.warnings { warn(warning.message) }
      return ScenarioStep(.keyEvents(keyEvents(of: recording, keymap: keymap)), at: step.location)
    case .repeated(let count, let body):
      return ScenarioStep(
        .repeated(count, try body.map { try resolve($0, keymap, base, warn) }), at: step.location)
    default:
      return step
    }
  }

  static func contains(_ steps: [ScenarioStep]) -> Bool {
    steps.contains { step in
      switch step.action {
      case .recording: return true
      case .repeated(_, let body): return contains(body)
      default: return false
      }
    }
  }
}
