import ContactBook
import Diagnostics
import StateStorage

/// The contact book's file as a run keeps it: every record the firmware
/// changes is written at once (one `pwrite`, `fsync`); a write that fails
/// (disk full, I/O error) is kept, newest per record place, and written
/// again when the watchdog looks — never forgotten while it fits.
public struct BookKeeper {
  /// The book on disk.
  public private(set) var store: ContactsStore<LinuxFileSystem>
  private var waiting: [BookWrite] = []
  private let log: Log

  /// How many failed writes wait for their retry at most; more are
  /// refused with an error (the book in memory stays whole).
  public static let capacity = 64

  /// Keeps `store`'s file.
  public init(store: ContactsStore<LinuxFileSystem>, log: Log) {
    self.store = store
    self.log = log
    waiting.reserveCapacity(BookKeeper.capacity)
  }

  /// Writes what the firmware changed.
  public mutating func write(_ writes: [BookWrite]) {
    for write in writes {
      do {
        try store.apply(write)
        waiting.removeAll { $0.offset == write.offset }
      } catch {
        keep(write, because: error)
      }
    }
  }

  /// Writes that failed and wait for a retry.
  public var unflushed: Int { waiting.count }

  /// Writes every waiting record again, oldest first; returns how many still
  /// wait.
  public mutating func retry() -> Int {
    let pending = waiting
    waiting.removeAll(keepingCapacity: true)
    for write in pending {
      do { try store.apply(write) } catch { keep(write, because: error) }
    }
    return waiting.count
  }

  private mutating func keep(_ write: BookWrite, because error: StorageError) {
    if let index = waiting.firstIndex(where: { $0.offset == write.offset }) {
      waiting[index] = write
      return
    }
    guard waiting.count < BookKeeper.capacity else {
      log(
        .error, LogTag("contacts", "book"),
        "\(error); \(BookKeeper.capacity) writes already wait: this change is only in memory")
      return
    }
    log(.error, LogTag("contacts", "book"), "\(error); kept to write again")
    waiting.append(write)
  }
}
