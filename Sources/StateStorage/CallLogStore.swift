import CallLog
import Diagnostics

/// The call log's file (`calls.t9log` in the state folder): fixed slots of
/// 64-byte records (`CallRecord`), created empty when missing, each new
/// call written into its slot and synced at once. Slots a power cut tore
/// are refused when it is opened and the rest kept; a file that cannot be
/// read is set aside (renamed with `.damaged`) and a new one made.
public struct CallLogStore<FS: FileSystem> {
  /// The file's path.
  public let path: String
  /// The calls as the file held them at opening.
  public let log: CallLog
  private let records: RecordFile<FS>
  private let logger: Log

  /// Opens (or creates) the log at `path`, with at least `capacity` slots
  /// (a longer file keeps its own).
  public init(path: String, capacity: Int, log logger: Log, on system: FS) throws(StorageError) {
    self.path = path
    self.logger = logger
    let tag = LogTag("calls", "log")
    if WholeFile.exists(path, on: system) {
      switch Result(catching: { () throws(StorageError) in try WholeFile.read(path, on: system) }) {
      case .success(let bytes):
        let slots = Swift.max(capacity, bytes.count / CallRecord.size)
        let opened = CallLog.open(bytes, capacity: slots)
        if opened.refused > 0 {
          logger(.warning, tag, "\(path): \(opened.refused) call(s) not whole, left out")
        }
        log = opened.log
        records = try RecordFile(path: path, on: system)
        return
      case .failure(let error):
        logger(.error, tag, "\(error); set aside as \(path).damaged")
        _ = system.rename(path, to: path + ".damaged")
      }
    }
    let empty = CallLog(capacity: capacity)
    try Folder.create(Folder.path(of: path), on: system)
    try WholeFile.replace(
      [UInt8](repeating: 0, count: empty.fileSize), at: path, permissions: 0o600, on: system)
    log = empty
    records = try RecordFile(path: path, on: system)
  }

  /// Writes one call's record and syncs it: whether it is on disk. A
  /// failure is logged (the call stays in the log in memory).
  @discardableResult
  public func write(at offset: Int, _ bytes: [UInt8]) -> Bool {
    do { try records.write(bytes, at: offset) } catch {
      logger(.error, LogTag("calls", "log"), error.description)
      return false
    }
    return true
  }

  /// Closes the file.
  public func close() { records.close() }
}
