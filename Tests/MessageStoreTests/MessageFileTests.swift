import MessageStore
import SMS
import Testing

/// `file` with the box's pending writes applied, only the first
/// `limit` bytes of them (a power cut after that many).
func applying(_ box: inout MessageBox, to file: [UInt8], limit: Int = .max) -> [UInt8] {
  var file = file
  var budget = limit
  box.takeWrites { offset, bytes in
    for (index, byte) in bytes.enumerated() where budget > 0 {
      file[offset + index] = byte
      budget -= 1
    }
  }
  return file
}

/// What a box holds, as comparable text.
func contents(_ box: MessageBox) -> [String] {
  MessageFolder.allCases.flatMap { folder in
    box.messages(in: folder).map {
      "\(folder.name) \($0.address.text) \($0.status.name) \($0.parts)/\($0.total) \(text(of: $0.id, in: box))"
    }
  }
}

@Test("a store written and opened again holds the same messages")
func reopening() throws {
  var file = MessageBox.emptyFile(capacity: 8)
  var box = try MessageBox.open(file, name: "messages").box
  try receive(try delivered("Halo")[0], in: &box)
  let recipient = try #require(PhoneAddress(number: "+15551234"))
  _ = box.compose(
    to: recipient, text: Array(String(repeating: "é", count: 100).unicodeScalars), now: wib)
  file = applying(&box, to: file)
  let opened = try MessageBox.open(file, name: "messages")
  #expect(opened.damaged.isEmpty)
  #expect(contents(opened.box) == contents(box))
  #expect(contents(box).count == 2)
}

@Test("not a store, a damaged header, or a wrong size is refused with the file's name")
func badFilesAreRefused() {
  #expect(throws: MessageStoreError.self) { try MessageBox.open([1, 2, 3], name: "x") }
  var file = MessageBox.emptyFile(capacity: 4)
  file[13] ^= 1
  #expect(throws: MessageStoreError("m: the header is damaged")) {
    try MessageBox.open(file, name: "m")
  }
  #expect(throws: MessageStoreError.self) {
    try MessageBox.open(MessageBox.emptyFile(capacity: 4).dropLast(1).map { $0 }, name: "m")
  }
}

/// Cuts the power after every byte of an operation's writes: opening the
/// file must give the state before or the state after, nothing else.
func powerCutEveryByte(
  setUp: (inout MessageBox) throws -> Void, operation: (inout MessageBox) throws -> Void
) throws {
  var box = try MessageBox.open(MessageBox.emptyFile(capacity: 6), name: "m").box
  try setUp(&box)
  let before = applying(&box, to: MessageBox.emptyFile(capacity: 6))
  let beforeContents = contents(box)
  var reference = box
  try operation(&reference)
  let afterContents = contents(reference)
  var total = 0
  reference.takeWrites { _, bytes in total += bytes.count }
  #expect(total > 0)
  #expect(beforeContents != afterContents)
  for cut in 0...total {
    var copy = try MessageBox.open(before, name: "m").box
    try operation(&copy)
    let file = applying(&copy, to: before, limit: cut)
    let opened = try MessageBox.open(file, name: "m").box
    let found = contents(opened)
    #expect(
      found == beforeContents || found == afterContents,
      "cut after \(cut) of \(total) bytes: \(found)")
    if found != beforeContents && found != afterContents { return }
  }
}

@Test("a power cut at any byte of storing a received part leaves it stored or not, never torn")
func powerCutWhileReceiving() throws {
  try powerCutEveryByte(setUp: { box in
    try receive(try delivered("already here", reference: 1)[0], in: &box)
  }) { box in
    try receive(try delivered("new", reference: 2)[0], in: &box)
  }
}

@Test("a power cut at any byte of writing a three-part message leaves all of it or none")
func powerCutWhileComposing() throws {
  let recipient = try #require(PhoneAddress(number: "123"))
  try powerCutEveryByte(setUp: { _ in }) { box in
    _ = box.compose(
      to: recipient, text: Array(String(repeating: "x", count: 400).unicodeScalars), now: wib)
  }
}

@Test("a power cut at any byte of deleting a two-part message leaves all of it or none")
func powerCutWhileDeleting() throws {
  let recipient = try #require(PhoneAddress(number: "123"))
  try powerCutEveryByte(setUp: { box in
    _ = box.compose(
      to: recipient, text: Array(String(repeating: "y", count: 200).unicodeScalars), now: wib)
  }) { box in
    let id = try #require(box.messages(in: .outbox).first?.id)
    box.delete(id: id)
  }
}

@Test("a damaged record is reported, and the slot's previous record stands")
func damagedRecord() throws {
  var file = MessageBox.emptyFile(capacity: 4)
  var box = try MessageBox.open(file, name: "m").box
  try receive(try delivered("first")[0], in: &box)
  file = applying(&box, to: file)
  let id = try #require(box.messages(in: .inbox).first?.id)
  box.markRead(id: id)
  var offset = -1
  box.takeWrites { start, bytes in
    offset = start
    for (index, byte) in bytes.enumerated() { file[start + index] = byte }
  }
  #expect(offset >= 0)
  // The read mark went into the slot's other place; damage it there.
  file[offset + 100] ^= 0xFF
  let opened = try MessageBox.open(file, name: "m")
  #expect(opened.damaged == ["m: record 0b is damaged; skipped"])
  #expect(opened.box.inboxCount == 1)
  #expect(opened.box.messages(in: .inbox).first?.status == .unread)
}

@Test("a record claiming the largest sequence number is damaged, and the store still takes writes")
func sequenceAtTheMaximum() throws {
  var file = MessageBox.emptyFile(capacity: 2)
  var box = try MessageBox.open(file, name: "m").box
  try receive(try delivered("first")[0], in: &box)
  file = applying(&box, to: file)
  // Slot 0's record, place a: its sequence set to the maximum, its
  // checksum made right again (a hostile or corrupted file, not a torn one).
  let start = MessageBox.headerSize
  for index in 16..<24 { file[start + index] = 0xFF }
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in file[start..<(start + 504)] {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01B3
  }
  for index in 0..<8 {
    file[start + 504 + index] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(index)))
  }
  var opened = try MessageBox.open(file, name: "m")
  #expect(opened.damaged == ["m: record 0a is damaged; skipped"])
  #expect(opened.box.inboxCount == 0)
  try receive(try delivered("second")[0], in: &opened.box)
  #expect(opened.box.inboxCount == 1)
}
