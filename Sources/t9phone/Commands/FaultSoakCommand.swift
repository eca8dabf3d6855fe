import ArgumentParser
import Board
import CharacterLCD
import Host
import Scenario
import Supervision

/// `t9phone fault-soak`: the random-fault soak of docs/watchdog.md — typing
/// over virtual time with a fault every few seconds — and its figures.
struct FaultSoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fault-soak",
    abstract:
      "Type through an hour of virtual time with random faults; print what the watchdog did.",
    discussion: """
      Faults (lcd-garbage, lcd-reset, bus-down, stuck, clock-jump) come every 2 to 6 s of
      virtual time while a message is typed in multi-tap. Prints the faults, the repairs,
      how long the glass was wrong after a fault, and the characters lost or added.
      Exit status 1 when a target is missed (a character lost or added, the glass wrong
      longer than 2 s after a fault).
      """)

  @Option(help: "Virtual minutes to type through.")
  var minutes = 60

  @Option(help: "The seed for the words and the faults.")
  var seed: UInt64 = 1

  @Option(help: "LCD geometry.")
  var lcd = "16x2"

  @Option(
    help:
      "The kinds of fault, comma-separated (default: all of lcd-garbage, lcd-reset, bus-down, stuck, clock-jump)."
  )
  var faults: String?

  func run() throws {
    guard let geometry = LCDGeometry(name: lcd) else { throw CLIError("unsupported LCD '\(lcd)'") }
    guard minutes > 0 else { throw CLIError("--minutes must be at least 1") }
    var soak = FaultSoak(duration: .seconds(Int64(minutes) * 60), seed: seed, geometry: geometry)
    if let faults {
      let kinds = faults.split(separator: ",").map(String.init)
      for kind in kinds where !FaultSoak.allFaultKinds.contains(kind) {
        throw CLIError(
          "unknown fault '\(kind)' (\(FaultSoak.allFaultKinds.joined(separator: ", ")))")
      }
      soak.faultKinds = kinds
    }
    let figures = soak.run()
    print("fault soak: \(minutes) min of virtual time on \(geometry), seed \(seed)")
    print("key edges: \(figures.keyEdges)")
    let faults = figures.faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    print("faults: \(figures.faults.values.reduce(0, +)) (\(faults.joined(separator: ", ")))")
    let repairs = RepairKind.allCases.map { "\($0.rawValue) \(figures.repairs[$0])" }
    print("repairs: \(figures.repairs.total) (\(repairs.joined(separator: ", ")))")
    print("flight reports: \(figures.reports)")
    print(
      "glass wrong: \(figures.wrongEpisodes) episodes, longest \(figures.longestWrongGlass.wholeMilliseconds) ms after its fault ended, \(figures.episodesOverTarget) over 2000 ms"
    )
    print(
      "characters: \(figures.charactersTyped) typed, \(figures.charactersLost) lost, \(figures.charactersExtra) added"
    )
    print(figures.metTargets ? "targets met" : "TARGETS MISSED")
    if !figures.metTargets { throw ExitCode(1) }
  }
}
