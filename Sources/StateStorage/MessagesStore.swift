import Diagnostics
import MessageStore

/// The message store's file (`messages.t9msg` in the state folder): created
/// empty with `capacity` part slots when missing, opened and checked, its
/// records written in place as the phone changes them and synced before
/// the modem may delete what they hold. A file that cannot be opened is
/// set aside (renamed with `.damaged`) and a new one made, so the phone
/// starts with its messages or, at worst, without them, never on a file it
/// cannot trust.
public struct MessagesStore<FS: FileSystem> {
  /// The file's path.
  public let path: String
  /// The messages as the file held them at opening.
  public let box: MessageBox
  private let records: RecordFile<FS>
  private var failed = false
  private let log: Log

  /// Opens (or creates) the store at `path`.
  public init(path: String, capacity: Int?, log: Log, on system: FS) throws(StorageError) {
    self.path = path
    self.log = log
    let tag = LogTag("messages", "store")
    if WholeFile.exists(path, on: system) {
      let bytes = try WholeFile.read(path, on: system)
      switch Result(catching: { () throws(MessageStoreError) in
        try MessageBox.open(bytes, name: path)
      }) {
      case .success(let opened):
        for message in opened.damaged { log(.warning, tag, message) }
        box = opened.box
        records = try RecordFile(path: path, on: system)
        return
      case .failure(let error):
        log(.error, tag, "\(error); set aside as \(path).damaged")
        _ = system.rename(path, to: path + ".damaged")
      }
    }
    let slots = capacity ?? MessageBox.defaultCapacity
    guard (1...MessageBox.maximumCapacity).contains(slots) else {
      throw StorageError("bad message capacity \(slots) (1 to \(MessageBox.maximumCapacity))")
    }
    try Folder.create(Folder.path(of: path), on: system)
    try WholeFile.replace(
      MessageBox.emptyFile(capacity: slots), at: path, permissions: 0o600, on: system)
    box = MessageBox(capacity: slots)
    records = try RecordFile(path: path, on: system)
  }

  /// Writes one record in place (synced by `sync()`); a failure is logged
  /// and remembered until then.
  public mutating func write(at offset: Int, _ bytes: ArraySlice<UInt8>) {
    do {
      try records.write(bytes, at: offset, sync: false)
    } catch {
      if !failed { log(.error, LogTag("messages", "store"), error.description) }
      failed = true
    }
  }

  /// Syncs the file: whether every record since the last sync is on disk.
  public mutating func sync() -> Bool {
    defer { failed = false }
    do { try records.sync() } catch {
      log(.error, LogTag("messages", "store"), error.description)
      return false
    }
    return !failed
  }

  /// Closes the file.
  public func close() { records.close() }
}
