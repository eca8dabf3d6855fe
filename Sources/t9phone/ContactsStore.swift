import ContactBook
import Diagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The contact book on disk: the book file opened (or created, mode 0600)
/// and every change written with one `pwrite` of one record and `fsync`.
struct ContactsStore {
  let path: String
  private(set) var book: ContactBook
  /// Which record places are current (the firmware continues from it).
  private(set) var file: BookFile
  /// Whether the book file was created by this open.
  private(set) var created = false
  private let descriptor: Int32

  /// Opens the book at `path`, creating it with `capacity` slots if it does
  /// not exist. Damaged records are logged and skipped.
  init(path: String, capacity: Int?, log: Log) throws {
    self.path = path
    if !FileIO.exists(path) {
      let slots = capacity ?? ContactBook.defaultCapacity
      guard (1...ContactBook.maximumCapacity).contains(slots) else {
        throw CLIError("bad capacity \(slots) (1 to \(ContactBook.maximumCapacity))")
      }
      try FileIO.makeDirectories(FileIO.directory(of: path))
      try FileIO.writeAtomically(BookFile.emptyFile(capacity: slots), to: path, mode: 0o600)
      created = true
    }
    let opened: BookFile.Opened
    do {
      opened = try BookFile.open(try FileIO.read(path), name: path)
    } catch let error as ContactBookError {
      throw CLIError(error.message)
    }
    if let capacity, capacity != opened.book.capacity {
      log(
        .notice, LogTag("contacts", "book"),
        "\(path) holds \(opened.book.capacity) contacts; --capacity \(capacity) applies to new books"
      )
    }
    for message in opened.damaged { log(.warning, LogTag("contacts", "book"), message) }
    book = opened.book
    file = opened.file
    descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw CLIError("\(path): \(String(cString: strerror(errno)))") }
  }

  /// Adds a contact; returns its ID (slot).
  mutating func add(_ contact: Contact) throws -> Int {
    if let problem = BookRecord.problem(with: contact) { throw CLIError(problem) }
    let slot: Int
    do { slot = try book.add(contact) } catch { throw CLIError(error.message) }
    try commit(file.write(contact, slot: slot, order: book.insertionOrder(of: slot)))
    return slot
  }

  /// Replaces a contact.
  mutating func update(_ contact: Contact, id: Int) throws {
    if let problem = BookRecord.problem(with: contact) { throw CLIError(problem) }
    do { try book.update(contact, at: id) } catch { throw CLIError(error.message) }
    try commit(file.write(contact, slot: id, order: book.insertionOrder(of: id)))
  }

  /// Deletes a contact.
  mutating func delete(id: Int) throws {
    guard let contact = book.contact(at: id) else { throw CLIError("no contact \(id)") }
    do { try book.delete(at: id) } catch { throw CLIError(error.message) }
    try commit(file.write(contact, slot: id, order: book.insertionOrder(of: id), deleted: true))
  }

  /// Writes a record the firmware produced.
  func apply(_ write: BookWrite) throws { try commit(write) }

  private func commit(_ write: BookWrite) throws {
    let written = write.bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      return pwrite(descriptor, base, buffer.count, off_t(write.offset))
    }
    guard written == write.bytes.count, fsync(descriptor) == 0 else {
      throw CLIError("\(path): could not write: \(String(cString: strerror(errno)))")
    }
  }
}
