import Board
import Scenario

/// `t9phone test --update`: a failed `expect screen` or `expect glass`
/// block is rewritten with what is shown now (`ExpectationBlockRewriter`,
/// every other byte kept), and the scenario runs again, until it passes or
/// fails on something else — which is left as it is and reported. The file
/// is written crash-safely once, with all its updates, and each updated
/// block is printed as `updated FILE:LINE: expect screen`.
public enum ScenarioUpdater {
  /// Updates `file`, whose run gave `result`; `run` runs a scenario (the
  /// same dictionaries and contacts as the first run). Returns the last
  /// run's result: passed when every failure was a screen or glass block.
  public static func update(
    _ file: String, after result: ScenarioResult, run: (Scenario) -> ScenarioResult
  ) throws -> ScenarioResult {
    var text = try ScenarioFiles.read(file)
    var last = result
    var updated: [(line: Int, kind: String)] = []
    while let failure = last.failure {
      let kind: String
      switch failure.expectation {
      case .screen: kind = "expect screen"
      case .glass: kind = "expect glass"
      default: kind = ""
      }
      let line = failure.location.line
      guard !kind.isEmpty else { break }
      guard !updated.contains(where: { $0.line == line }) else {
        // The block shows different things on different runs through it
        // (inside a `repeat`): no single update can make it pass.
        print("not updated: \(file):\(line): \(kind) fails again after its update")
        return result
      }
      guard
        let rewritten = ExpectationBlockRewriter.rewrite(
          text, blockAt: line, rows: failure.actualRows)
      else {
        print("not updated: \(file):\(line): the rows shown cannot be written as \(kind)")
        break
      }
      text = rewritten
      updated.append((line, kind))
      let parsed = try ScenarioParser.parse(text, file: file)
      last = run(try ScenarioRecordings.resolve(parsed, from: file))
    }
    guard !updated.isEmpty else { return last }
    try FileIO.writeAtomically(
      Array(text.utf8), to: file, mode: FileIO.permissions(file) ?? 0o644)
    for (line, kind) in updated { print("updated \(file):\(line): \(kind)") }
    return last
  }
}
