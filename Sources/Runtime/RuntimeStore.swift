import ScenarioText
import Supervision
import T9Engine
import TextEntry
import Vocabulary

/// Where a run keeps what outlives it: what T9 learned, the field
/// statistics, flight reports. The executable's store writes files (the
/// reports in the background); tests keep them in memory. Every write may
/// fail without stopping the phone: a failed save is tried again later.
public protocol RuntimeStore {
  /// Saves what T9 learned in `language`; false when it could not (the
  /// runtime tries again after the same quiet time).
  mutating func saveLearned(_ learned: UserDictionary, _ language: Language) -> Bool
  /// Takes this run's counters at `now`; the store adds how many reports it
  /// wrote and decides when the totals reach the disk.
  mutating func updateStatistics(_ counters: FieldStatistics, at now: Instant)
  /// When the statistics are next due to be written, if ever.
  var statisticsDeadline: Instant? { get }
  /// Writes `report` (with `header`, what its replay needs that the phone
  /// does not know) without waiting for the disk.
  mutating func writeReport(_ report: FlightReport, header: ReportHeader)
  /// Writes everything still pending: the reports handed over, the
  /// statistics (at exit).
  mutating func flush()
}
