import Diagnostics
import Dispatch
import Supervision
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The folder flight reports go to (`--reports DIR`): each report written
/// crash-safely (temporary file, fsync, rename, fsync of the folder) on a
/// background queue, so that writing one never delays a key press; at most
/// `keep` reports kept, the oldest removed.
///
/// The log is not thread-safe, so what goes wrong in the background is
/// logged on the caller's thread, at its next `write`, `waitUntilWritten`
/// or `logWarnings`: `[recorder][file] warning: …`, never fatal.
final class ReportFolder: Sendable {
  /// The folder.
  let path: String
  /// How many `*.scenario` files the folder keeps at most.
  let keep: Int
  /// Used only on the caller's thread (`logWarnings`), never on the queue.
  private nonisolated(unsafe) let log: Log
  private let queue = DispatchQueue(label: "t9phone.reports")
  private let warnings = Mutex<[String]>([])
  private let written = Atomic<Int>(0)

  /// A folder at `path` (created at the first write) keeping at most `keep`
  /// reports (at least one).
  init(path: String, keep: Int, log: Log) {
    self.path = path
    self.keep = max(1, keep)
    self.log = log
  }

  /// How many reports were written so far.
  var reportsWritten: Int { written.load(ordering: .relaxed) }

  /// Writes `text` as `name` in the background and returns at once; a name
  /// already taken gets `-2`, `-3`… before `.scenario`. Then removes the
  /// oldest reports beyond `keep`.
  func write(_ text: String, name: String) {
    logWarnings()
    queue.async { [self] in store(name: name, sidecar: nil) { _ in Array(text.utf8) } }
  }

  /// Writes a report with a vCard file beside it (`<report>.vcf`, the
  /// contact book its replay starts from): `text` is given the sidecar's
  /// name once the report's own is chosen. The sidecar goes when its report
  /// is removed.
  func write(
    name: String, contacts: @escaping @Sendable () -> String,
    text: @escaping @Sendable (_ contactsFile: String) -> String
  ) {
    logWarnings()
    queue.async { [self] in
      store(name: name, sidecar: Array(contacts().utf8)) { file in Array(text(file ?? "").utf8) }
    }
  }

  /// The vCard file beside report `name`.
  static func sidecar(of name: String) -> String {
    let stem = name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    return stem + ".vcf"
  }

  /// Waits until every report handed over so far is written (at exit, in
  /// tests), then logs what went wrong.
  func waitUntilWritten() {
    queue.sync {}
    logWarnings()
  }

  /// Logs the failures of background writes since the last call.
  func logWarnings() {
    let pending = warnings.withLock { list -> [String] in
      defer { list.removeAll() }
      return list
    }
    guard !pending.isEmpty else { return }
    for message in pending { log(.warning, LogTag("recorder", "file"), message) }
  }

  /// On the queue: the sidecar and the write, then the clean-up.
  private func store(
    name: String, sidecar: [UInt8]?, bytes: (_ sidecarName: String?) -> [UInt8]
  ) {
    do {
      try FileIO.makeDirectories(path)
    } catch {
      warn("cannot create the reports folder: \(error)")
      return
    }
    let (names, files) = entries()
    let free = ReportRetention.freeName(name, taken: Set(names))
    var sidecarName: String?
    if let sidecar {
      let file = ReportFolder.sidecar(of: free)
      do {
        try FileIO.writeAtomically(sidecar, to: "\(path)/\(file)", mode: 0o600)
        sidecarName = file
      } catch {
        warn("contacts of report \(free) not written: \(error)")
      }
    }
    do {
      try FileIO.writeAtomically(bytes(sidecarName), to: "\(path)/\(free)", mode: 0o600)
    } catch {
      warn("report \(free) not written: \(error)")
      return
    }
    written.add(1, ordering: .relaxed)
    for old in ReportRetention.excess(files + [free], keep: keep) {
      if unlink("\(path)/\(old)") != 0 && errno != ENOENT {
        warn("old report \(old) not removed: \(String(cString: strerror(errno)))")
      }
      // Its contacts, if it had them (nothing else is ever removed).
      _ = unlink("\(path)/\(ReportFolder.sidecar(of: old))")
    }
  }

  /// The names in the folder, and those of them that are not folders
  /// (only those are ever removed).
  private func entries() -> (names: [String], files: [String]) {
    guard let directory = opendir(path) else {
      warn("cannot read the reports folder \(path): \(String(cString: strerror(errno)))")
      return ([], [])
    }
    defer { closedir(directory) }
    var names: [String] = []
    var files: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      names.append(name)
      var status = stat()
      if lstat("\(path)/\(name)", &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
        files.append(name)
      }
    }
    return (names, files)
  }

  private func warn(_ message: String) {
    warnings.withLock { $0.append(message) }
  }
}
