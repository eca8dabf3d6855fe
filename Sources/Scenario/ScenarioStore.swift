import Runtime
import ScenarioText
import Supervision
import T9Engine
import TextEntry
import Vocabulary

/// Where a scenario's run keeps what outlives it: nothing on disk. What T9
/// learned stays in the phone (a `restart` reloads it from its saved
/// form), the statistics are the supervisor's, and the flight reports wait
/// here until the runner (or the fault soak) takes them.
struct ScenarioStore: RuntimeStore {
  /// Reports written and not yet taken.
  private var reports: [FlightReport] = []

  /// Learned words need no disk here: always saved.
  mutating func saveLearned(_ learned: UserDictionary, _ language: Language) -> Bool { true }

  /// The statistics are read off the supervisor: nothing to keep.
  mutating func updateStatistics(_ counters: FieldStatistics, at now: Instant) {}

  /// Never: nothing is written.
  var statisticsDeadline: Instant? { nil }

  /// Keeps `report` for the runner (the scenario is its header).
  mutating func writeReport(_ report: FlightReport, header: ReportHeader) {
    reports.append(report)
  }

  /// Nothing waits.
  mutating func flush() {}

  /// The reports written since the last call, oldest first.
  mutating func takeReports() -> [FlightReport] {
    // Most calls find none: hand out no share of the storage, or emptying
    // it would allocate a new one.
    guard !reports.isEmpty else { return [] }
    defer { reports.removeAll(keepingCapacity: true) }
    return reports
  }
}
