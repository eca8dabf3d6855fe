import ArgumentParser
import Board
import Host
import StateStorage
import Supervision

/// `t9phone stats`: the counters kept across restarts (docs/watchdog.md),
/// read from the state folder. It only reads: a damaged file is reported,
/// not moved.
struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Print the statistics kept across restarts: repairs, display, keypad, uptime.",
    discussion: """
      Reads statistics.prom in the state folder, which the phone saves at most once a minute \
      and at exit. --prometheus prints the Prometheus text format instead of the table. A \
      damaged file is reported as file:line:col: error: … (exit 2) and left where it is.
      """
  )

  @Option(help: "The state folder (default: $XDG_STATE_HOME/t9phone or ~/.local/state/t9phone).")
  var state: String?

  @Flag(help: "Print the Prometheus text format (as the file holds it) instead of a table.")
  var prometheus = false

  func run() throws {
    let file = StatisticsStore<LinuxFileSystem>.file(in: StateDirectory(option: state).path)
    let statistics: FieldStatistics?
    do {
      statistics = try StatisticsStore.read(file, on: LinuxFileSystem())
    } catch {
      throw CLIError(error.description)
    }
    if prometheus {
      Console.out((statistics ?? FieldStatistics()).prometheusText)
      return
    }
    if statistics == nil {
      Console.out("no statistics recorded yet (no \(file))\n")
    } else {
      Console.out("statistics from \(file)\n")
    }
    Console.out(StatisticsTable.text(statistics ?? FieldStatistics()))
  }
}
