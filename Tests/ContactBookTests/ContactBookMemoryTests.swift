import ContactBook
import Testing

/// A contact with a name, nickname and organisation of 40 letters and four
/// numbers of 20 digits, different for each `seed`.
private func longContact(_ seed: Int) -> Contact {
  let letters = Array("abcdefghijklmnopqrstuvwxyz")
  func word(_ offset: Int) -> String {
    String((0..<40).map { letters[(seed * 7 + offset + $0) % letters.count] })
  }
  let numbers = (0..<4).map { index in
    PhoneNumber(String((0..<20).map { Character(String((seed + index + $0) % 10)) }))
  }
  return Contact(
    name: "N" + word(0).dropFirst(), numbers: numbers, nickname: word(1), organisation: word(2))
}

/// A short contact, different for each `seed`.
private func shortContact(_ seed: Int) -> Contact {
  let given = ["Ann", "Bob", "Cleo", "Dara", "Émile", "Fatma", "Gus", "Łukasz", "Nguyễn Thị"]
  let family = ["Smith", "Núñez", "O'Brien", "Yılmaz", "Trần", "Kowalski", "Lee"]
  let name = given[seed % given.count] + " " + family[(seed / given.count) % family.count]
  let number = PhoneNumber("+44 7700 \(900_000 + seed)")
  return Contact(
    name: name, numbers: seed % 3 == 0 ? [number, PhoneNumber("0812 \(seed)")] : [number],
    nickname: seed % 5 == 0 ? "Boss" : "")
}

/// Every contact of `book` by slot.
private func contacts(_ book: ContactBook) -> [Int: Contact] {
  var result: [Int: Contact] = [:]
  for slot in 0..<book.capacity {
    if let contact = book.contact(at: slot) { result[slot] = contact }
  }
  return result
}

/// The same contacts, in the same slots and insertion order, in a book
/// whose arenas are never short: what `book` must behave exactly like.
private func reference(_ book: ContactBook) throws -> ContactBook {
  var copy = try ContactBook(capacity: book.capacity, textBytesPerContact: 1024)
  for (slot, contact) in contacts(book) {
    try copy.restore(contact, in: slot, order: book.insertionOrder(of: slot))
  }
  return copy
}

private let queries = [
  "2", "5", "6", "22", "26", "7", "76", "764", "566", "44", "4477", "0812", "2345", "+447700",
  "9000", "629", "96", "2677", "8", "52",
]

/// Expects `book` to search, order and highlight exactly as `expected`.
private func expectSameSearches(
  _ book: ContactBook, _ expected: ContactBook, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(contacts(book) == contacts(expected), sourceLocation: sourceLocation)
  #expect(book.alphabetical == expected.alphabetical, sourceLocation: sourceLocation)
  for query in queries {
    #expect(
      book.search(query, limit: 50) == expected.search(query, limit: 50), "query \(query)",
      sourceLocation: sourceLocation)
  }
}

@Test("a book of long contacts refuses the one that does not fit its text, nothing else changes")
func contactBookMemory_refusesCleanly() throws {
  // The smallest arenas: room for four of the longest contacts each.
  var book = try ContactBook(capacity: 20, textBytesPerContact: 16)
  var added = 0
  while true {
    do {
      try book.add(longContact(added))
      added += 1
    } catch {
      #expect(error.message == ContactBook.memoryFull)
      break
    }
  }
  #expect(added >= 4)
  #expect(added < 20, "the slots would have run out first")
  // What room is left, short contacts take.
  var seed = 0
  while (try? book.add(shortContact(seed))) != nil { seed += 1 }
  #expect(book.count < 20)
  let before = contacts(book)
  let revision = book.revision
  let searches = queries.map { book.search($0) }
  #expect(throws: ContactBookError(ContactBook.memoryFull)) { try book.add(longContact(99)) }
  #expect(throws: ContactBookError(ContactBook.memoryFull)) {
    // An edit that makes a contact longer than the room left is refused
    // too: 40 more bytes of name, 80 more of search keys.
    var longer = longContact(0)
    longer.name = String(repeating: "ß", count: 40)
    try book.update(longer, at: 0)
  }
  #expect(contacts(book) == before)
  #expect(book.revision == revision)
  #expect(queries.map { book.search($0) } == searches)
  #expect(!book.hasTextRoom(for: [longContact(99)]))
  expectSameSearches(book, try reference(book))
}

@Test("deleting makes room: later adds compact the arenas and every contact stays intact")
func contactBookMemory_compactionKeepsContacts() throws {
  var book = try ContactBook(capacity: 80, textBytesPerContact: 16)
  var seed = 0
  // Fill the text arenas (not the slots) with short contacts.
  while (try? book.add(shortContact(seed))) != nil { seed += 1 }
  let full = book.count
  #expect(full < 80)
  // Holes all through the arenas, then adds that need them.
  for slot in stride(from: 0, to: full, by: 2) { try book.delete(at: slot) }
  expectSameSearches(book, try reference(book))
  var readded = 0
  while (try? book.add(shortContact(seed))) != nil {
    seed += 1
    readded += 1
  }
  #expect(readded >= full / 3, "the freed room was reused")
  expectSameSearches(book, try reference(book))
  // The use counts and stars survive compaction too.
  book.recordCall(at: 1, time: 500)
  #expect(book.contact(at: 1)?.timesUsed == 1)
  expectSameSearches(book, try reference(book))
}

@Test("an edit can make a contact longer using the room of deleted ones")
func contactBookMemory_editGrows() throws {
  var book = try ContactBook(capacity: 20, textBytesPerContact: 16)
  var added = 0
  while (try? book.add(longContact(added))) != nil { added += 1 }
  // Shorten one contact, fill the room it left, then make it long again.
  try book.update(shortContact(1), at: 0)
  var filler = 100
  while (try? book.add(shortContact(filler))) != nil { filler += 1 }
  #expect(throws: ContactBookError(ContactBook.memoryFull)) {
    try book.update(longContact(50), at: 0)
  }
  #expect(book.contact(at: 0) == shortContact(1))
  // A deleted contact's room lets it grow.
  try book.delete(at: 1)
  try book.update(longContact(50), at: 0)
  #expect(book.contact(at: 0) == longContact(50))
  expectSameSearches(book, try reference(book))
}

@Test("a full book of long contacts reopens from its file with every contact")
func contactBookMemory_bookFileRoundTrip() throws {
  var image = BookFile.emptyFile(capacity: 12)
  var file = try BookFile.open(image, name: "t.book").file
  var book = try ContactBook(capacity: 12, textBytesPerContact: 600)
  func write(_ change: BookWrite) {
    for (index, byte) in change.bytes.enumerated() { image[change.offset + index] = byte }
  }
  for seed in 0..<12 {
    let slot = try book.add(longContact(seed))
    write(file.write(longContact(seed), slot: slot, order: book.insertionOrder(of: slot)))
  }
  try book.delete(at: 3)
  write(file.write(longContact(3), slot: 3, order: book.insertionOrder(of: 3), deleted: true))
  // The default arenas hold four of these; the file's book is sized for all.
  #expect(!(try ContactBook(capacity: 12)).hasTextRoom(for: (0..<11).map(longContact)))
  let opened = try BookFile.open(image, name: "t.book")
  #expect(opened.damaged.isEmpty)
  #expect(opened.book.count == 11)
  expectSameSearches(opened.book, book)
  #expect(opened.book.contactText.used == book.contactText.used)
  #expect(opened.book.keyText.used == book.keyText.used)
  // It keeps room for an ordinary contact in each free slot.
  var reopened = opened.book
  try reopened.add(shortContact(1))
  try reopened.delete(at: 0)
  try reopened.add(shortContact(2))
  #expect(reopened.count == 12)
}

@Test(
  "the text per contact is checked, and a default book reserves well under half the old records")
func contactBookMemory_textPerContact() throws {
  #expect(throws: ContactBookError.self) {
    _ = try ContactBook(capacity: 10, textBytesPerContact: 15)
  }
  #expect(throws: ContactBookError.self) {
    _ = try ContactBook(capacity: 10, textBytesPerContact: 1025)
  }
  let book = try ContactBook(capacity: 1000)
  #expect(book.contactText.capacity == 1000 * ContactBook.defaultTextBytesPerContact)
  #expect(book.keyText.capacity == 1000 * ContactBook.defaultTextBytesPerContact)
  // The fixed records of 632 and 472 bytes a slot, the index's 259 bytes.
  #expect(book.bytesPerContact < (632 + 472 + 259) / 2, "\(book.bytesPerContact) bytes a slot")
  #expect(book.contactText.used == 0 && book.keyText.used == 0)
}
