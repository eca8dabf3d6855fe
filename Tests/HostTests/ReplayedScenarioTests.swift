import Board
import Host
import Scenario
import ScenarioText
import Testing

@Test func replayTakesAScenarioFileOrARecordingButNotBoth() throws {
  let folder = temporaryFolder()
  let file = folder + "/one.scenario"
  try FileIO.writeAtomically(
    Array("# one\nlcd 20x4\ntap 5\n".utf8), to: file, mode: 0o644)
  let (scenario, from) = try ScenarioRecordings.replayed(
    file: file, evemu: nil, keymap: "numpad-phone", lcd: "16x2")
  #expect(from == file)
  #expect(scenario.geometry.columns == 20)
  #expect(throws: CLIError.self) {
    try ScenarioRecordings.replayed(file: file, evemu: file, keymap: "k", lcd: "16x2")
  }
  #expect(throws: CLIError.self) {
    try ScenarioRecordings.replayed(file: nil, evemu: nil, keymap: "k", lcd: "16x2")
  }
}

@Test func aScenarioThatDoesNotParseIsRefusedWithItsPlace() throws {
  let folder = temporaryFolder()
  let file = folder + "/bad.scenario"
  try FileIO.writeAtomically(Array("lcd 99x9\n".utf8), to: file, mode: 0o644)
  do {
    _ = try ScenarioRecordings.replayed(file: file, evemu: nil, keymap: "k", lcd: "16x2")
    Issue.record("a bad LCD was accepted")
  } catch let error as ScenarioError {
    #expect("\(error)".hasPrefix(file + ":1:"))
  }
}
