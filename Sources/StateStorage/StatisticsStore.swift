import Diagnostics
import Supervision
import Vocabulary

/// The field statistics that survive restarts: the totals of earlier runs,
/// loaded from `<state>/statistics.prom`, plus this run's counters, saved
/// back crash-safely at most once a minute and at exit, and copied to
/// `--metrics-file` for node_exporter when asked (docs/watchdog.md).
///
/// The run loop owns one: `update(_:at:)` on every turn with this run's
/// counters since the start, `nextDeadline` in its wait, `flush()` at exit.
/// Time is the loop's clock, handed in. The file is written by an atomic
/// replace, so a power cut leaves the totals of the last save or of the
/// one before, never a mix.
public struct StatisticsStore<FS: FileSystem> {
  /// The state file's name in the state folder.
  public static var fileName: String { "statistics.prom" }
  /// The least time between two saves of the state file.
  public static var saveInterval: Duration { .seconds(60) }

  /// The state file.
  public let file: String
  /// The totals of earlier runs, as loaded (zero when there were none or
  /// the file was set aside).
  public let persisted: FieldStatistics
  /// This run's counters, as last updated; a run counts as one start.
  public private(set) var session = FieldStatistics()
  /// The Prometheus copy, when `--metrics-file` was given.
  public private(set) var metricsFile: MetricsFile<FS>?
  private let folder: String
  private let log: Log
  private let system: FS
  private var schedule = WriteSchedule(interval: StatisticsStore.saveInterval)
  private var saved: FieldStatistics
  private var failing = false

  /// The state file in the state folder `folder`.
  public static func file(in folder: String) -> String { "\(folder)/\(fileName)" }

  /// The statistics saved in `file`, nil when there is no file; a file
  /// that does not parse throws `StatisticsFileError`
  /// (`file:line:col: error: …`), one that cannot be read `StorageError`;
  /// both are thrown as a `StorageError` saying so.
  public static func read(_ file: String, on system: FS) throws(StorageError) -> FieldStatistics? {
    guard WholeFile.exists(file, on: system) else { return nil }
    let text = try WholeFile.readText(file, on: system)
    do {
      return try FieldStatistics(parsing: text, file: file)
    } catch {
      throw StorageError(error.description)
    }
  }

  /// Loads the totals of the state folder `folder`: none saved means zero; a file that cannot
  /// be read or parsed is renamed `statistics.prom.corrupt` (`.corrupt-2`,
  /// `-3`… when taken) with a warning, and counting starts again at zero.
  /// With `metricsFile`, the totals also go there (mode 0644).
  public init(folder: String, metricsFile: String? = nil, log: Log, on system: FS) {
    let file = StatisticsStore.file(in: folder)
    self.folder = folder
    self.file = file
    self.log = log
    self.system = system
    self.metricsFile = metricsFile.map { MetricsFile(path: $0, log: log, on: system) }
    var loaded = FieldStatistics()
    do {
      loaded = try StatisticsStore.read(file, on: system) ?? FieldStatistics()
    } catch {
      let aside = StatisticsStore.freeName(for: "\(file).corrupt", on: system)
      let moved = aside.map { (try? system.rename(file, to: $0).get()) != nil } ?? false
      log(
        .warning, LogTag("stats", "file"),
        "\(error); \(moved ? "set aside as \(aside ?? "")" : "could not set it aside"), counting from zero"
      )
    }
    persisted = loaded
    saved = loaded
    session.starts = 1
  }

  /// Everything counted: the earlier runs' totals plus this run's.
  public var totals: FieldStatistics { persisted + session }

  /// Takes this run's counters since its start (`starts` counts as at least
  /// 1) and saves the totals when they changed and the last save is a
  /// minute old (the first update saves at once, so a start is on disk even
  /// if the run is cut short); the metrics file is written every 15 s.
  public mutating func update(_ session: FieldStatistics, at now: Instant) {
    self.session = session
    self.session.starts = max(session.starts, 1)
    let totals = self.totals
    if totals != saved && schedule.isDue(at: now) {
      save(totals)
      schedule.wrote(at: now)
    }
    metricsFile?.update(totals, at: now)
  }

  /// Saves the totals (and writes the metrics file) now: at exit.
  public mutating func flush() {
    let totals = self.totals
    save(totals)
    metricsFile?.write(totals)
  }

  /// When the loop must wake for the next write: the state file's, while
  /// it has unsaved counts, or the metrics file's; nil before the first
  /// update.
  public var nextDeadline: Instant? {
    let save = totals != saved ? schedule.nextDeadline : nil
    switch (save, metricsFile?.nextDeadline) {
    case (let save?, let metrics?): return min(save, metrics)
    case (let save?, nil): return save
    case (nil, let metrics): return metrics
    }
  }

  /// Writes `totals` to the state file; a failure is logged once until a
  /// save works again, and the run goes on.
  private mutating func save(_ totals: FieldStatistics) {
    do {
      try Folder.create(folder, on: system)
      try WholeFile.replace(Array(totals.prometheusText.utf8), at: file, on: system)
      saved = totals
      if failing { log(.info, LogTag("stats", "file"), "saved \(file) again") }
      failing = false
    } catch {
      if !failing { log(.error, LogTag("stats", "file"), "could not save: \(error)") }
      failing = true
    }
  }

  /// `base` if nothing is there, else the first free `base-2`, `base-3`…
  /// (nil after 100 tries).
  private static func freeName(for base: String, on system: FS) -> String? {
    if !WholeFile.exists(base, on: system) { return base }
    for number in 2...100 where !WholeFile.exists("\(base)-\(number)", on: system) {
      return "\(base)-\(number)"
    }
    return nil
  }
}
