import ContactBook
import Diagnostics
import KeypadInput
import Runtime
import ScenarioText
import StateStorage
import Supervision
import T9Engine
import TextEntry

/// The run's state on disk (`RuntimeStore`): what T9 learned in the state
/// folder, the field statistics beside it, flight reports in the reports
/// folder — each written crash-safely, the reports in the background.
public struct FileStore: RuntimeStore {
  private let state: StateDirectory
  private var statistics: StatisticsStore<LinuxFileSystem>
  private let reports: ReportFolder
  private let log: Log

  /// The store of `state`, with the metrics file `metricsFile` (if any)
  /// and the reports in `reports`.
  public init(state: StateDirectory, metricsFile: String?, reports: ReportFolder, log: Log) {
    self.state = state
    self.reports = reports
    self.log = log
    statistics = StatisticsStore(
      folder: state.path, metricsFile: metricsFile, log: log, on: LinuxFileSystem())
  }

  /// Saves `learned` as the state folder's file for `language`, crash-safely.
  public mutating func saveLearned(_ learned: UserDictionary, _ language: Language) -> Bool {
    do {
      try state.saveLearned(learned, language)
      log(.debug, LogTag("t9", "learning"), "saved \(state.learnedFile(language))")
      return true
    } catch {
      log(.error, LogTag("t9", "learning"), "could not save: \(error)")
      return false
    }
  }

  /// Takes the run's counters, with the reports written so far.
  public mutating func updateStatistics(_ counters: FieldStatistics, at now: Instant) {
    var counters = counters
    counters.reportsWritten = UInt64(max(0, reports.reportsWritten))
    statistics.update(counters, at: now)
  }

  /// When the statistics or the metrics file are next due.
  public var statisticsDeadline: Instant? { statistics.nextDeadline }

  /// Writes the report (and the book beside it) on the reports' queue.
  public mutating func writeReport(_ report: FlightReport, header: ReportHeader) {
    // Written in the background: the key press never waits for the disk.
    let name = FlightReportWriter.fileName(report)
    guard let book = report.contacts, book.count > 0 else {
      reports.write(FlightReportWriter.text(report, header: header), name: name)
      return
    }
    // The book the replay starts from goes beside the report (written out
    // on the reports' queue too).
    let capacity = book.capacity
    reports.write(
      name: name,
      contacts: { VCardWriter.write(book.alphabetical.compactMap { book.contact(at: $0) }) }
    ) { file in
      var header = header
      header.contactsFile = file
      header.contactsCapacity = capacity
      return FlightReportWriter.text(report, header: header)
    }
  }

  /// Waits for the reports, then writes the statistics.
  public mutating func flush() {
    reports.waitUntilWritten()
    statistics.flush()
  }
}
