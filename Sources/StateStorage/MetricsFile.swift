import Diagnostics
import Supervision
import Vocabulary

/// `--metrics-file PATH`: the statistics in the Prometheus text format,
/// rewritten atomically every 15 s and at exit for node_exporter's textfile
/// collector (docs/watchdog.md). Rewritten even when nothing changed, so
/// the collector's `node_textfile_mtime_seconds` tells a dashboard the
/// phone is alive.
public struct MetricsFile<FS: FileSystem> {
  /// The least time between two writes.
  public static var interval: Duration { .seconds(15) }

  /// The file (its folder must exist: it is the collector's).
  public let path: String
  private let log: Log
  private let system: FS
  private var schedule = WriteSchedule(interval: MetricsFile.interval)
  private var failing = false

  /// A metrics file at `path`, not written yet.
  public init(path: String, log: Log, on system: FS) {
    self.path = path
    self.log = log
    self.system = system
  }

  /// Writes `totals` if the last write is 15 s old (or there was none).
  public mutating func update(_ totals: FieldStatistics, at now: Instant) {
    guard schedule.isDue(at: now) else { return }
    write(totals)
    schedule.wrote(at: now)
  }

  /// Writes `totals` now (mode 0644: the collector runs as another user);
  /// a failure is logged once until a write works again.
  public mutating func write(_ totals: FieldStatistics) {
    do {
      try WholeFile.replace(
        Array(totals.prometheusText.utf8), at: path, permissions: 0o644, on: system)
      if failing { log(.info, LogTag("stats", "metrics"), "wrote \(path) again") }
      failing = false
    } catch {
      if !failing { log(.error, LogTag("stats", "metrics"), "could not write: \(error)") }
      failing = true
    }
  }

  /// When the next write is due, nil before the first.
  public var nextDeadline: Instant? { schedule.nextDeadline }
}
