import SMS
import Testing

@testable import MessageStore

let wib = SMSTimestamp(
  year: 2026, month: 11, day: 28, hour: 9, minute: 0, second: 0, offsetQuarterHours: 28)

/// The SMS-DELIVER PDUs of `text` from `from`, as the network splits it.
func delivered(
  _ text: String, from: String = "+6281234567", reference: Int = 5, time: SMSTimestamp = wib
) throws -> [[UInt8]] {
  let sender = try #require(
    PhoneAddress(number: from) ?? PhoneAddress(name: Array(from.unicodeScalars)))
  return DeliverEncoder(sender: sender, time: time, reference: reference).encode(
    Array(text.unicodeScalars))
}

/// Decodes and stores one PDU.
@discardableResult
func receive(_ pdu: [UInt8], in box: inout MessageBox) throws -> ReceiveOutcome {
  var text: [Unicode.Scalar] = []
  let fields = try PDUDecoder.decode(pdu, text: &text)
  return box.receive(fields, text: text, now: wib)
}

/// Message `id`'s text as a string.
func text(of id: UInt32, in box: MessageBox) -> String {
  var scalars: [Unicode.Scalar] = []
  box.text(of: id, into: &scalars)
  return String(String.UnicodeScalarView(scalars))
}

@Test("a received message is in the inbox, unread until read")
func receivedIsUnread() throws {
  var box = MessageBox(capacity: 10)
  let outcome = try receive(try delivered("Halo")[0], in: &box)
  guard case .stored(let id) = outcome else {
    Issue.record("\(outcome)")
    return
  }
  #expect(box.inboxCount == 1)
  #expect(box.unreadCount == 1)
  #expect(text(of: id, in: box) == "Halo")
  let summary = try #require(box.messages(in: .inbox).first)
  #expect(summary.address.text == "+6281234567")
  #expect(summary.status == .unread)
  #expect(summary.time == wib)
  box.markRead(id: id)
  #expect(box.unreadCount == 0)
  #expect(box.messages(in: .inbox).first?.status == .read)
}

@Test("the same part read twice (a cut before the modem deleted it) is stored once")
func duplicatesAreRecognised() throws {
  var box = MessageBox(capacity: 10)
  let pdu = try delivered("once")[0]
  guard case .stored(let id) = try receive(pdu, in: &box) else {
    Issue.record("not stored")
    return
  }
  #expect(try receive(pdu, in: &box) == .duplicate(id: id))
  #expect(box.inboxCount == 1)
  #expect(box.freeSlots == 9)
}

@Test(
  "parts out of order make one message in order; missing parts show as partial after the timeout")
func reassembly() throws {
  var box = MessageBox(capacity: 10)
  let long = String(repeating: "0123456789", count: 40)
  let parts = try delivered(long)
  #expect(parts.count == 3)
  try receive(parts[2], in: &box)
  try receive(parts[0], in: &box)
  #expect(
    box.messages(in: .inbox, now: wib, partialAfter: 60).isEmpty,
    "young and incomplete: not shown yet")
  var later = wib
  later.minute = 5
  let partial = try #require(box.messages(in: .inbox, now: later, partialAfter: 60).first)
  #expect(partial.status == .partial)
  #expect(partial.parts == 2 && partial.total == 3)
  guard case .stored(let id) = try receive(parts[1], in: &box) else {
    Issue.record("not stored")
    return
  }
  #expect(box.inboxCount == 1)
  #expect(text(of: id, in: box) == long)
  #expect(box.messages(in: .inbox).first?.status == .unread)
  #expect(try receive(parts[1], in: &box) == .duplicate(id: id))
}

@Test("two long messages from one sender with different references stay apart")
func referencesKeepMessagesApart() throws {
  var box = MessageBox(capacity: 10)
  let first = try delivered(String(repeating: "a", count: 200), reference: 1)
  let second = try delivered(String(repeating: "b", count: 200), reference: 2)
  for pdu in [first[0], second[0], second[1], first[1]] { try receive(pdu, in: &box) }
  let messages = box.messages(in: .inbox)
  #expect(messages.count == 2)
  #expect(
    messages.map { text(of: $0.id, in: box) }.sorted() == [
      String(repeating: "a", count: 200), String(repeating: "b", count: 200),
    ])
}

@Test("a full store refuses the part, which stays on the modem")
func fullStore() throws {
  var box = MessageBox(capacity: 2)
  try receive(try delivered("one", reference: 1)[0], in: &box)
  try receive(try delivered("two", reference: 2)[0], in: &box)
  #expect(try receive(try delivered("three", reference: 3)[0], in: &box) == .full)
  let id = try #require(box.messages(in: .inbox).first?.id)
  box.delete(id: id)
  #expect(try receive(try delivered("three", reference: 3)[0], in: &box) != .full)
}

@Test("a message to send is queued part by part, sent, and delivered by the status report")
func sendingLifecycle() throws {
  var box = MessageBox(capacity: 10)
  let recipient = try #require(PhoneAddress(number: "+6281555"))
  let body = String(repeating: "Hello! ", count: 30)
  guard
    case .stored(let id) = box.compose(to: recipient, text: Array(body.unicodeScalars), now: wib)
  else {
    Issue.record("not stored")
    return
  }
  #expect(box.messages(in: .outbox).first?.status == .queued)
  var sentText: [Unicode.Scalar] = []
  var references = 10
  while let slot = box.nextQueuedPart {
    var scratch: [Unicode.Scalar] = []
    var pdu: [UInt8] = []
    box.submitPDU(ofPart: slot, text: &scratch, into: &pdu)
    let fields = try PDUDecoder.decode(pdu, text: &sentText)
    #expect(fields.address == recipient)
    #expect(fields.concatenation?.total == 2)
    box.partSent(slot, networkReference: references)
    references += 1
  }
  #expect(String(String.UnicodeScalarView(sentText)) == body)
  #expect(box.messages(in: .outbox).isEmpty)
  #expect(box.messages(in: .sent).first?.status == .sent)
  // Reports for both parts (references 10 and 11) say delivered.
  for reference in [10, 11] {
    var report = [0x00, 0x06, UInt8(reference), UInt8(recipient.length), 0x91]
    report += recipient.valueOctets + wib.octets + wib.octets + [0x00]
    var none: [Unicode.Scalar] = []
    let fields = try PDUDecoder.decode(report, text: &none)
    #expect(box.receive(fields, text: none, now: wib) == .report(id: id))
  }
  #expect(box.messages(in: .sent).first?.status == .delivered)
}

@Test("a part that fails is tried again, and given up after three attempts or a final error")
func failingParts() throws {
  var box = MessageBox(capacity: 10)
  let recipient = try #require(PhoneAddress(number: "123"))
  guard
    case .stored(let id) = box.compose(to: recipient, text: Array("hi".unicodeScalars), now: wib)
  else {
    Issue.record("not stored")
    return
  }
  let slot = try #require(box.nextQueuedPart)
  let givenUp = (0..<3).map { _ in box.partNotSent(slot, final: false) }
  #expect(givenUp == [false, false, true])
  #expect(box.messages(in: .outbox).first?.status == .failed)
  #expect(box.nextQueuedPart == nil)
  box.retry(id: id)
  #expect(box.nextQueuedPart == slot)
  let final = box.partNotSent(slot, final: true)
  #expect(final)
}

@Test("a draft is kept in drafts, never queued")
func drafts() throws {
  var box = MessageBox(capacity: 10)
  let recipient = try #require(PhoneAddress(number: "123"))
  _ = box.compose(to: recipient, text: Array("later".unicodeScalars), asDraft: true, now: wib)
  #expect(box.messages(in: .drafts).first?.status == .draft)
  #expect(box.nextQueuedPart == nil)
}

@Test("a message too long for the free slots is refused whole")
func composeNeedsRoomForEveryPart() throws {
  var box = MessageBox(capacity: 2)
  let recipient = try #require(PhoneAddress(number: "123"))
  let long = Array(String(repeating: "x", count: 400).unicodeScalars)
  #expect(box.compose(to: recipient, text: long, now: wib) == .full(needed: 3))
  #expect(box.freeSlots == 2)
}

@Test("the counts follow every change: long messages count once, partial ones too, and reopening")
func countsFollowChanges() throws {
  var box = MessageBox(capacity: 40)
  let long = String(repeating: "0123456789", count: 40)  // three parts
  var ids: [UInt32] = []
  for (index, pdu) in try delivered(long, reference: 7).enumerated() where index != 1 {
    if case .stored(let id) = try receive(pdu, in: &box) { ids.append(id) }
  }
  #expect(box.inboxCount == 1, "two of three parts: one partial message")
  #expect(box.unreadCount == 1)
  for index in 0..<5 {
    try receive(try delivered("short \(index)", reference: 20 + index)[0], in: &box)
  }
  #expect(box.inboxCount == 6)
  #expect(box.unreadCount == 6)
  let first = try #require(ids.first)
  box.markRead(id: first)
  #expect(box.unreadCount == 5)
  #expect(box.inboxCount == 6)
  // The counts the listing gives, message by message.
  let listed = box.messages(in: .inbox)
  #expect(listed.count == box.inboxCount)
  #expect(listed.filter { $0.status == .unread }.count == box.unreadCount)
  box.delete(id: first)
  #expect(box.inboxCount == 5)
  #expect(box.queuedParts == 0)
  // Opened from its file, the store counts the same.
  var file = MessageBox.emptyFile(capacity: 40)
  box.takeWrites { offset, bytes in
    for (index, byte) in bytes.enumerated() { file[offset + index] = byte }
  }
  let reopened = try MessageBox.open(file, name: "m").box
  #expect(reopened.inboxCount == 5)
  #expect(reopened.unreadCount == 5)
}

@Test("the counting sort sorts in place and counts distinct values")
func countingSort() {
  var state: UInt64 = 3  // a linear congruential generator: the same values every run
  for count in [0, 1, 2, 3, 7, 64, 200] {
    var values = (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32((state >> 33) % 50)
    }
    let expected = values.sorted()
    #expect(MessageBox.distinctCount(&values) == Set(expected).count)
    #expect(values == expected)
  }
}
