import ContactBook
import Testing

/// A file image and the book state it should hold.
private struct Disk {
  var image: [UInt8]
  var file: BookFile
  var book: ContactBook

  init(capacity: Int) throws {
    image = BookFile.emptyFile(capacity: capacity)
    let opened = try BookFile.open(image, name: "t.book")
    file = opened.file
    book = opened.book
  }

  mutating func apply(_ write: BookWrite, bytes count: Int? = nil) {
    let length = count ?? write.bytes.count
    for index in 0..<length { image[write.offset + index] = write.bytes[index] }
  }

  mutating func add(_ contact: Contact) throws -> (Int, BookWrite) {
    let slot = try book.add(contact)
    let write = file.write(contact, slot: slot, order: book.insertionOrder(of: slot))
    return (slot, write)
  }
}

private func names(_ book: ContactBook) -> [Int: String] {
  var result: [Int: String] = [:]
  for slot in book.alphabetical { result[slot] = book.contact(at: slot)?.name }
  return result
}

private let people = [
  Contact(name: "Ann Lee", numbers: [PhoneNumber("+62 812 555 0101")]),
  Contact(name: "Bob Sato", numbers: [PhoneNumber("0812 555 202", label: .work)], starred: true),
  Contact(name: "Çağla Öztürk", nickname: "Cici"),
  Contact(name: "李小龍", nickname: "Bruce", organisation: "Golden Harvest"),
]

@Test("a book survives a save and reopen with every field")
func bookFile_roundTrip() throws {
  var disk = try Disk(capacity: 8)
  for person in people { disk.apply(try disk.add(person).1) }
  let opened = try BookFile.open(disk.image, name: "t.book")
  #expect(opened.damaged.isEmpty)
  #expect(opened.book.count == people.count)
  for slot in 0..<people.count { #expect(opened.book.contact(at: slot) == people[slot]) }
}

@Test("a power cut at every byte of an add, an edit and a delete loses nothing else")
func bookFile_powerCutAtEveryByte() throws {
  var disk = try Disk(capacity: 6)
  for person in people { disk.apply(try disk.add(person).1) }
  let before = names(disk.book)

  // Add: cut after every byte count; the new contact is absent or whole.
  let newcomer = Contact(name: "Dewi Lestari", numbers: [PhoneNumber("+62 21 555 0199")])
  var adding = disk
  let (newSlot, addWrite) = try adding.add(newcomer)
  // Edit: Bob gets a new number, in the record place not holding him.
  var editing = disk
  var bob = people[1]
  bob.numbers.append(PhoneNumber("555 0303", label: .home))
  try editing.book.update(bob, at: 1)
  let editWrite = editing.file.write(bob, slot: 1, order: editing.book.insertionOrder(of: 1))
  // Delete: Ann goes.
  var deleting = disk
  try deleting.book.delete(at: 0)
  let deleteWrite = deleting.file.write(people[0], slot: 0, order: 0, deleted: true)

  for (label, base, write) in [
    ("add", adding, addWrite), ("edit", editing, editWrite), ("delete", deleting, deleteWrite),
  ] {
    for cut in 0...write.bytes.count {
      var torn = disk
      torn.image = base.image
      torn.apply(write, bytes: cut)
      let opened = try BookFile.open(torn.image, name: "t.book")
      let now = names(opened.book)
      for (slot, name) in before
      where !(label == "delete" && slot == 0) && !(label == "edit" && slot == 1) {
        #expect(now[slot] == name, "\(label) cut at \(cut): slot \(slot) changed")
        #expect(opened.book.contact(at: slot) == people[slot])
      }
      let whole = cut == write.bytes.count
      switch label {
      case "add":
        #expect(opened.book.contact(at: newSlot) == (whole ? newcomer : nil), "add cut at \(cut)")
      case "edit":
        #expect(opened.book.contact(at: 1) == (whole ? bob : people[1]), "edit cut at \(cut)")
      default:
        #expect(opened.book.contact(at: 0) == (whole ? nil : people[0]), "delete cut at \(cut)")
      }
      #expect(
        opened.book.count == before.count + (label == "add" && whole ? 1 : 0)
          - (label == "delete" && whole ? 1 : 0))
    }
  }
}

@Test("a damaged record is reported and skipped; the rest opens")
func bookFile_damagedRecord() throws {
  var disk = try Disk(capacity: 4)
  for person in people { disk.apply(try disk.add(person).1) }
  disk.image[BookFile.headerSize + 2 * BookRecord.size + 100] ^= 0xFF  // slot 1, place a
  let opened = try BookFile.open(disk.image, name: "t.book")
  #expect(opened.damaged == ["t.book: record 1a is damaged; skipped"])
  #expect(opened.book.count == people.count - 1)
  #expect(opened.book.contact(at: 0) == people[0])
  #expect(opened.book.contact(at: 1) == nil)
}

@Test("a record claiming the largest sequence number is damaged; the book still takes writes")
func bookFile_sequenceAtTheMaximum() throws {
  var disk = try Disk(capacity: 2)
  disk.apply(try disk.add(people[0]).1)
  // Slot 0, place a, rewritten whole with the largest sequence number and a
  // right checksum: a hostile file, not a torn one.
  let record = BookRecord(
    state: .live, slot: 0, sequence: .max, order: 0, contact: people[1]
  ).encoded()
  for (index, byte) in record.enumerated() { disk.image[BookFile.headerSize + index] = byte }
  var opened = try BookFile.open(disk.image, name: "t.book")
  #expect(opened.damaged == ["t.book: record 0a is damaged; skipped"])
  let slot = try opened.book.add(people[2])
  _ = opened.file.write(people[2], slot: slot, order: opened.book.insertionOrder(of: slot))
}

@Test("a file that is not a book, or of the wrong size, is refused by name")
func bookFile_refusesBadFiles() throws {
  #expect(throws: ContactBookError("x.book: not a t9phone contact book")) {
    _ = try BookFile.open(Array("hello".utf8), name: "x.book")
  }
  var image = BookFile.emptyFile(capacity: 3)
  image.removeLast()
  #expect(throws: ContactBookError.self) { _ = try BookFile.open(image, name: "x.book") }
  var header = BookFile.emptyFile(capacity: 3)
  header[20] = 1
  #expect(throws: ContactBookError("x.book: the header is damaged")) {
    _ = try BookFile.open(header, name: "x.book")
  }
}

@Test("repeated edits alternate record places and the newest wins")
func bookFile_alternatesPlaces() throws {
  var disk = try Disk(capacity: 2)
  let (slot, first) = try disk.add(Contact(name: "Version 1"))
  disk.apply(first)
  var offsets: Set<Int> = [first.offset]
  for version in 2...5 {
    let contact = Contact(name: "Version \(version)")
    try disk.book.update(contact, at: slot)
    let write = disk.file.write(contact, slot: slot, order: 0)
    offsets.insert(write.offset)
    disk.apply(write)
    #expect(
      try BookFile.open(disk.image, name: "t").book.contact(at: slot)?.name == "Version \(version)")
  }
  #expect(offsets.count == 2)
}
