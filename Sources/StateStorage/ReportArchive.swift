import Supervision
import SystemLayer

/// The flight reports folder on disk (`--reports DIR`): each report, and
/// the vCard file beside it (`<report>.vcf`, the contact book its replay
/// starts from), written by an atomic replace — the sidecar first, so a
/// report on disk is always whole and always has its contacts; at most
/// `keep` reports kept, the oldest removed (report first, then its
/// sidecar). A power cut leaves no report or the whole one; a temporary
/// file it leaves is never listed nor counted, and the next write removes
/// it.
///
/// Synchronous: the executable runs it on its reports queue.
public struct ReportArchive<FS: FileSystem> {
  /// The folder.
  public let path: String
  /// How many `*.scenario` files the folder keeps at most (at least one).
  public let keep: Int
  private let system: FS

  /// The folder at `path` (created at the first write).
  public init(path: String, keep: Int, on system: FS) {
    self.path = path
    self.keep = max(1, keep)
    self.system = system
  }

  /// The vCard file beside report `name`.
  public static func sidecar(of name: String) -> String {
    let stem = name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    return stem + ".vcf"
  }

  /// Writes a report as `name` (a name already taken gets `-2`, `-3`…
  /// before `.scenario`), after its `sidecar` when there is one (`bytes`
  /// is given the sidecar's name, nil when there is none or it could not
  /// be written); then removes the oldest reports beyond `keep`. Returns
  /// the name written (nil when the report was not) and what went wrong,
  /// as warnings.
  public func write(
    name: String, sidecar: [UInt8]?, bytes: (_ sidecarName: String?) -> [UInt8]
  ) -> (written: String?, warnings: [String]) {
    var warnings: [String] = []
    do {
      try Folder.create(path, on: system)
    } catch {
      return (nil, ["cannot create the reports folder: \(error)"])
    }
    let (names, files) = entries(&warnings)
    removeLeftovers(names)
    let free = ReportRetention.freeName(name, taken: Set(names))
    var sidecarName: String?
    if let sidecar {
      let file = ReportArchive.sidecar(of: free)
      do {
        try WholeFile.replace(sidecar, at: Folder.join(path, file), permissions: 0o600, on: system)
        sidecarName = file
      } catch {
        warnings.append("contacts of report \(free) not written: \(error)")
      }
    }
    do {
      try WholeFile.replace(
        bytes(sidecarName), at: Folder.join(path, free), permissions: 0o600, on: system)
    } catch {
      warnings.append("report \(free) not written: \(error)")
      return (nil, warnings)
    }
    for old in ReportRetention.excess(files + [free], keep: keep) {
      if case .failure(let error) = system.unlink(Folder.join(path, old)), error != .noSuchFile {
        warnings.append("old report \(old) not removed: \(system.message(for: error))")
      }
      // Its contacts, if it had them (nothing else is ever removed).
      _ = system.unlink(Folder.join(path, ReportArchive.sidecar(of: old)))
    }
    return (free, warnings)
  }

  /// The reports in the folder, oldest first: its `*.scenario` files
  /// (never a temporary file); none when it cannot be read.
  public func reports() -> [String] {
    var warnings: [String] = []
    let files = entries(&warnings).files.filter { $0.hasSuffix(ReportRetention.suffix) }
    return files.sorted(by: ReportRetention.older)
  }

  /// Removes the temporary files of writes a power cut or a crash
  /// stopped (report names are never written twice, so the next replace
  /// would not): all but this process's.
  private func removeLeftovers(_ names: [String]) {
    let own = ".tmp-\(system.processID())"
    for name in names where WholeFile.isTemporary(name) && !name.hasSuffix(own) {
      _ = system.unlink(Folder.join(path, name))
    }
  }

  /// The names in the folder, and those of them that are files (only those
  /// are ever removed).
  private func entries(_ warnings: inout [String]) -> (names: [String], files: [String]) {
    switch system.listDirectory(path) {
    case .success(let entries):
      return (entries.map { $0.name }, entries.filter { $0.isFile }.map { $0.name })
    case .failure(let error):
      warnings.append("cannot read the reports folder \(path): \(system.message(for: error))")
      return ([], [])
    }
  }
}
