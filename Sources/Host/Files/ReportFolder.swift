import Diagnostics
import Dispatch
import StateStorage
import Supervision
import Synchronization

/// The folder flight reports go to (`--reports DIR`): each report written
/// crash-safely by `ReportArchive` (temporary file, fsync, rename, fsync of
/// the folder; the contacts beside it first) on a background queue, so
/// that writing one never delays a key press; at most `keep` reports kept,
/// the oldest removed.
///
/// The log is not thread-safe, so what goes wrong in the background is
/// logged on the caller's thread, at its next `write`, `waitUntilWritten`
/// or `logWarnings`: `[recorder][file] warning: …`, never fatal.
public final class ReportFolder: Sendable {
  /// The folder.
  public let path: String
  /// How many `*.scenario` files the folder keeps at most.
  public let keep: Int
  /// Used only on the caller's thread (`logWarnings`), never on the queue.
  private nonisolated(unsafe) let log: Log
  private let queue = DispatchQueue(label: "t9phone.reports")
  private let warnings = Mutex<[String]>([])
  private let written = Atomic<Int>(0)

  /// A folder at `path` (created at the first write) keeping at most `keep`
  /// reports (at least one).
  public init(path: String, keep: Int, log: Log) {
    self.path = path
    self.keep = max(1, keep)
    self.log = log
  }

  /// How many reports were written so far.
  public var reportsWritten: Int { written.load(ordering: .relaxed) }

  /// Writes `text` as `name` in the background and returns at once; a name
  /// already taken gets `-2`, `-3`… before `.scenario`. Then removes the
  /// oldest reports beyond `keep`.
  public func write(_ text: String, name: String) {
    logWarnings()
    queue.async { [self] in store(name: name, sidecar: nil) { _ in Array(text.utf8) } }
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
    queue.async { [self] in
      store(name: name, sidecar: Array(contacts().utf8)) { file in Array(text(file ?? "").utf8) }
    }
  }

  /// Waits until every report handed over so far is written (at exit, in
  /// tests), then logs what went wrong.
  public func waitUntilWritten() {
    queue.sync {}
    logWarnings()
  }

  /// Logs the failures of background writes since the last call.
  public func logWarnings() {
    let pending = warnings.withLock { list -> [String] in
      defer { list.removeAll() }
      return list
    }
    guard !pending.isEmpty else { return }
    for message in pending { log(.warning, LogTag("recorder", "file"), message) }
  }

  /// On the queue: the sidecar and the write, then the clean-up
  /// (`ReportArchive`).
  private func store(
    name: String, sidecar: [UInt8]?, bytes: (_ sidecarName: String?) -> [UInt8]
  ) {
    let archive = ReportArchive(path: path, keep: keep, on: LinuxFileSystem())
    let result = archive.write(name: name, sidecar: sidecar, bytes: bytes)
    if result.written != nil { written.add(1, ordering: .relaxed) }
    for message in result.warnings { warn(message) }
  }

  private func warn(_ message: String) {
    warnings.withLock { $0.append(message) }
  }
}
