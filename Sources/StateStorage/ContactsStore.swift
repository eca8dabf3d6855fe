import ContactBook
import Diagnostics

/// The contact book on disk: the book file opened (or created, mode 0600,
/// by an atomic replace) and every change written as one record in place
/// (`RecordFile`: one `pwrite`, `fsync`) into the slot's record place that
/// is not current, so a power cut leaves each contact old or new
/// (`BookFile`).
public struct ContactsStore<FS: FileSystem> {
  /// The book file.
  public let path: String
  /// The contacts.
  public private(set) var book: ContactBook
  /// Which record places are current (the firmware continues from it).
  public private(set) var file: BookFile
  /// Whether the book file was created by this open.
  public private(set) var created = false
  private let records: RecordFile<FS>

  /// Opens the book at `path`, creating it with `capacity` slots if it does
  /// not exist. Damaged records are logged and skipped; a file that is not
  /// a book is refused.
  public init(path: String, capacity: Int?, log: Log, on system: FS) throws(StorageError) {
    self.path = path
    if !WholeFile.exists(path, on: system) {
      let slots = capacity ?? ContactBook.defaultCapacity
      guard (1...ContactBook.maximumCapacity).contains(slots) else {
        throw StorageError("bad capacity \(slots) (1 to \(ContactBook.maximumCapacity))")
      }
      try Folder.create(Folder.path(of: path), on: system)
      try WholeFile.replace(
        BookFile.emptyFile(capacity: slots), at: path, permissions: 0o600, on: system)
      created = true
    }
    let bytes = try WholeFile.read(path, on: system)
    let opened: BookFile.Opened
    do { opened = try BookFile.open(bytes, name: path) } catch { throw StorageError(error.message) }
    if let capacity, capacity != opened.book.capacity {
      log(
        .notice, LogTag("contacts", "book"),
        "\(path) holds \(opened.book.capacity) contacts; --capacity \(capacity) applies to new books"
      )
    }
    for message in opened.damaged { log(.warning, LogTag("contacts", "book"), message) }
    book = opened.book
    file = opened.file
    records = try RecordFile(path: path, on: system)
  }

  /// Adds a contact; returns its ID (slot).
  public mutating func add(_ contact: Contact) throws(StorageError) -> Int {
    if let problem = BookRecord.problem(with: contact) { throw StorageError(problem) }
    let slot: Int
    do { slot = try book.add(contact) } catch { throw StorageError(error.message) }
    try apply(file.write(contact, slot: slot, order: book.insertionOrder(of: slot)))
    return slot
  }

  /// Replaces a contact.
  public mutating func update(_ contact: Contact, id: Int) throws(StorageError) {
    if let problem = BookRecord.problem(with: contact) { throw StorageError(problem) }
    do { try book.update(contact, at: id) } catch { throw StorageError(error.message) }
    try apply(file.write(contact, slot: id, order: book.insertionOrder(of: id)))
  }

  /// Deletes a contact.
  public mutating func delete(id: Int) throws(StorageError) {
    guard let contact = book.contact(at: id) else { throw StorageError("no contact \(id)") }
    do { try book.delete(at: id) } catch { throw StorageError(error.message) }
    try apply(file.write(contact, slot: id, order: book.insertionOrder(of: id), deleted: true))
  }

  /// Writes a record (one the firmware produced, or one of this store's).
  public func apply(_ write: BookWrite) throws(StorageError) {
    try records.write(write.bytes, at: write.offset)
  }

  /// Closes the book file.
  public func close() { records.close() }
}
