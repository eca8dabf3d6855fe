import CLinux
import Diagnostics
import StateStorage
import Supervision

/// The folder flight reports go to (`--reports DIR`): each report written
/// crash-safely by `ReportArchive` (temporary file, fsync, rename, fsync of
/// the folder; the contacts beside it first) on a thread of its own, so
/// that writing one never delays a key press; at most `keep` reports kept,
/// the oldest removed.
///
/// The log is not thread-safe, so what goes wrong in the background is
/// logged on the caller's thread, at its next `write`, `waitUntilWritten`
/// or `logWarnings`: `[recorder][file] warning: …`, never fatal.
public final class ReportFolder {
  /// The folder.
  public let path: String
  /// How many `*.scenario` files the folder keeps at most.
  public let keep: Int
  /// Used only on the caller's thread (`logWarnings`), never on the writer's.
  private let log: Log
  private let queue: ReportQueue

  /// A folder at `path` (created at the first write) keeping at most `keep`
  /// reports (at least one).
  public init(path: String, keep: Int, log: Log) {
    self.path = path
    self.keep = max(1, keep)
    self.log = log
    queue = ReportQueue()
  }

  deinit { queue.stop() }

  /// How many reports were written so far.
  public var reportsWritten: Int { queue.written }

  /// Writes `text` as `name` in the background and returns at once; a name
  /// already taken gets `-2`, `-3`… before `.scenario`. Then removes the
  /// oldest reports beyond `keep`.
  public func write(_ text: String, name: String) {
    logWarnings()
    let archive = ReportArchive(path: path, keep: keep, on: LinuxFileSystem())
    queue.add { archive.write(name: name, sidecar: nil) { _ in Array(text.utf8) } }
  }

  /// Writes a report with a vCard file beside it (`<report>.vcf`, the
  /// contact book its replay starts from): `text` is given the sidecar's
  /// name once the report's own is chosen. The sidecar goes when its report
  /// is removed.
  public func write(
    name: String, contacts: @escaping @Sendable () -> String,
    text: @escaping @Sendable (_ contactsFile: String) -> String
  ) {
    logWarnings()
    let archive = ReportArchive(path: path, keep: keep, on: LinuxFileSystem())
    queue.add {
      archive.write(name: name, sidecar: Array(contacts().utf8)) { file in
        Array(text(file ?? "").utf8)
      }
    }
  }

  /// Waits until every report handed over so far is written (at exit, in
  /// tests), then logs what went wrong.
  public func waitUntilWritten() {
    queue.waitUntilIdle()
    logWarnings()
  }

  /// Logs the failures of background writes since the last call.
  public func logWarnings() {
    for message in queue.takeWarnings() { log(.warning, LogTag("recorder", "file"), message) }
  }
}

/// The writer thread of a `ReportFolder` and what it shares with the
/// caller's thread, under one mutex: the jobs waiting, the warnings of
/// jobs done, the count of reports written. The thread starts at the first
/// job; when no thread can be started the job runs on the caller's.
final class ReportQueue: @unchecked Sendable {
  typealias Outcome = (written: String?, warnings: [String])
  typealias Job = () -> Outcome
  private let monitor = ThreadMonitor()
  // Guarded by `monitor`:
  private var jobs: [Job] = []
  private var busy = false
  private var stopping = false
  private var thread: pthread_t?
  private var warnings: [String] = []
  private var writtenCount = 0

  /// A queue whose thread starts at the first job.
  init() {}

  /// Reports written so far.
  var written: Int {
    monitor.lock()
    defer { monitor.unlock() }
    return writtenCount
  }

  /// Queues `job`, starting the thread if it is not running.
  func add(_ job: @escaping Job) {
    monitor.lock()
    if thread == nil {
      thread = WorkerThread.start { [self] in run() }
    }
    guard thread != nil else {
      monitor.unlock()
      record(job())
      return
    }
    jobs.append(job)
    monitor.broadcast()
    monitor.unlock()
  }

  /// Waits until no job waits or runs.
  func waitUntilIdle() {
    monitor.lock()
    while !jobs.isEmpty || busy { monitor.wait() }
    monitor.unlock()
  }

  /// The warnings since the last call.
  func takeWarnings() -> [String] {
    monitor.lock()
    defer { monitor.unlock() }
    let taken = warnings
    warnings.removeAll()
    return taken
  }

  /// Lets the thread finish what waits, then end; joins it.
  func stop() {
    monitor.lock()
    stopping = true
    monitor.broadcast()
    let running = thread
    thread = nil
    monitor.unlock()
    if let running { pthread_join(running, nil) }
  }

  private func run() {
    monitor.lock()
    while true {
      if jobs.isEmpty {
        if stopping { break }
        monitor.wait()
        continue
      }
      let job = jobs.removeFirst()
      busy = true
      monitor.unlock()
      let result = job()
      monitor.lock()
      busy = false
      count(result)
      monitor.broadcast()
    }
    monitor.unlock()
  }

  private func record(_ result: Outcome) {
    monitor.lock()
    count(result)
    monitor.unlock()
  }

  /// Counts a job's outcome; the caller holds the monitor.
  private func count(_ result: Outcome) {
    if result.written != nil { writtenCount += 1 }
    warnings.append(contentsOf: result.warnings)
  }
}
