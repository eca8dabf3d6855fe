import ContactBook
import Diagnostics
import StateStorage
import TestSupport
import Testing

private let path = "/state/contacts.book"
/// Room for the three contacts, one added and the next save's.
private let capacity = 5

/// A contact as the book holds it: the contact and its insertion order.
private struct Entry: Hashable {
  var contact: Contact
  var order: Int
}

/// What a book holds, slot by slot.
private func content(_ book: ContactBook) -> [Int: Entry] {
  var result: [Int: Entry] = [:]
  for slot in 0..<book.capacity {
    if let contact = book.contact(at: slot) {
      result[slot] = Entry(contact: contact, order: book.insertionOrder(of: slot))
    }
  }
  return result
}

/// The store's loader (creating the book when there is none). A damaged
/// record is skipped with a warning by design (the torn one of a cut); a
/// refused book throws.
private func open(_ disk: PowerCutFileSystem, capacity: Int = capacity) throws -> ContactsStore<
  PowerCutFileSystem
> {
  try ContactsStore(path: path, capacity: capacity, log: .disabled, on: disk)
}

private func person(_ name: String, _ number: String) -> Contact {
  Contact(
    name: name, numbers: [PhoneNumber(number), PhoneNumber("+44 20 7946 0\(number.suffix(3))")],
    nickname: String(name.prefix(3)), organisation: "Acme", timesUsed: number.count)
}

/// The book with Ada, Bob and Cy, Bob's number changed twice (both of his
/// record places written).
private func setUpBook(_ disk: PowerCutFileSystem) throws {
  _ = disk.makeDirectory("/state", permissions: 0o700)
  var store = try open(disk)
  for name in ["Ada", "Bob", "Cy"] { _ = try store.add(person(name, "0700 900 \(name.count)12")) }
  try store.update(person("Bob", "0700 900 555"), id: 1)
  try store.update(person("Bob", "0700 900 556"), id: 1)
}

/// `change` on the book of `setUpBook`, cut at every point; the new
/// content is what `intended` (by default `change`) makes of the book.
private func check(
  capacity: Int = capacity,
  setUp: @escaping (PowerCutFileSystem) throws -> Void = setUpBook,
  intended: ((inout ContactsStore<PowerCutFileSystem>) throws -> Void)? = nil,
  _ change: @escaping (inout ContactsStore<PowerCutFileSystem>) throws -> Void
) throws -> CrashCheck<[Int: Entry]>.Outcome {
  let before = PowerCutFileSystem()
  try setUp(before)
  var store = try open(before, capacity: capacity)
  let old = content(store.book)
  try (intended ?? change)(&store)
  let check = CrashCheck<[Int: Entry]>(
    setUp: setUp,
    write: { disk in
      var store = try open(disk, capacity: capacity)
      try change(&store)
    },
    load: { disk in content(try open(disk, capacity: capacity).book) }, old: old,
    new: content(store.book),
    next: { disk, _ in
      var store = try open(disk, capacity: capacity)
      _ = try store.add(person("Next", "0800 000 111"))
      return content(store.book)
    })
  return try check.run()
}

@Test(
  "creating the book, cut at every byte: no book (a new one is made) or the empty book, never refused"
)
func contactsStore_creationSurvivesEveryCut() throws {
  // One slot: the file is written whole, so its size only multiplies the
  // cut points (a 1-slot book has 1,600 bytes).
  let outcome = try check(
    capacity: 1, setUp: { disk in _ = disk.makeDirectory("/state", permissions: 0o700) }
  ) { _ = $0 }
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > BookFile.fileSize(capacity: 1))
}

@Test("adding a contact, cut at every byte of its record: the book without it or with it")
func contactsStore_addSurvivesEveryCut() throws {
  let outcome = try check { _ = try $0.add(person("Dee", "0700 900 444")) }
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > BookRecord.size)
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("updating a contact over its older record, cut at every byte: the old version or the new")
func contactsStore_updateSurvivesEveryCut() throws {
  let outcome = try check { try $0.update(person("Robert", "0700 900 557"), id: 1) }
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("deleting a contact, cut at every byte: still there or gone, the others intact")
func contactsStore_deleteSurvivesEveryCut() throws {
  let outcome = try check { try $0.delete(id: 0) }
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("the check catches a book that writes a change over the slot's current record")
func contactsStore_checkCatchesInPlaceRecord() throws {
  let outcome = try check(intended: { try $0.update(person("Robert", "1"), id: 0) }) { store in
    var file = store.file
    let write = file.write(
      person("Robert", "1"), slot: 0, order: store.book.insertionOrder(of: 0))
    let place = (write.offset - BookFile.headerSize) / BookRecord.size % 2
    let current = write.offset + (place == 0 ? BookRecord.size : -BookRecord.size)
    try store.apply(BookWrite(offset: current, bytes: write.bytes))
  }
  #expect(outcome.problemCount > 0)
}
