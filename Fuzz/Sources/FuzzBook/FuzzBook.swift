import ContactBook
import FuzzSupport

/// The contact book file (`BookFile.open`, every start): any image either
/// opens or is refused, damaged records are skipped. Each input is tried as
/// it is and again with its header and record checksums made right, so
/// mutations reach what the checksums guard. A book that opens, written
/// record by record into a new file and opened again, holds the same
/// contacts in the same slots and order; each valid record decodes back
/// from its own encoding; searching it works.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBook(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  BookChecksum.checkAgainstLibrary()
  let bytes = FuzzInput.bytes(start, count)
  if let opened = try? BookFile.open(bytes, name: "fuzz.book") { check(opened, bytes) }
  let sealed = BookChecksum.sealed(bytes)
  if sealed != bytes, let opened = try? BookFile.open(sealed, name: "fuzz.book") {
    check(opened, sealed)
  }
  return 0
}

private func check(_ opened: BookFile.Opened, _ bytes: [UInt8]) {
  let book = opened.book
  // Every record that decodes encodes to bytes that decode to it again.
  var offset = BookFile.headerSize
  while offset + BookRecord.size <= bytes.count {
    if let record = BookRecord.decode(bytes[offset..<(offset + BookRecord.size)]) {
      let again = BookRecord.decode(record.encoded()[...])
      Invariant.check(again == record, "record at \(offset) does not survive encoding")
    }
    offset += BookRecord.size
  }
  // The book written afresh opens as the same book.
  var image = BookFile.emptyFile(capacity: book.capacity)
  guard var file = try? BookFile.open(image, name: "new.book").file else {
    Invariant.check(false, "an empty book of \(book.capacity) does not open")
    return
  }
  for slot in 0..<book.capacity {
    guard let contact = book.contact(at: slot) else { continue }
    let write = file.write(contact, slot: slot, order: book.insertionOrder(of: slot))
    image.replaceSubrange(write.offset..<(write.offset + write.bytes.count), with: write.bytes)
  }
  guard let reopened = try? BookFile.open(image, name: "new.book") else {
    Invariant.check(false, "the rewritten book does not open")
    return
  }
  Invariant.check(reopened.damaged.isEmpty, "the rewritten book is damaged: \(reopened.damaged)")
  Invariant.check(
    reopened.book.count == book.count, "\(book.count) contacts became \(reopened.book.count)")
  for slot in 0..<book.capacity {
    Invariant.check(
      reopened.book.contact(at: slot) == book.contact(at: slot), "slot \(slot) changed")
    if book.contact(at: slot) != nil {
      Invariant.check(
        reopened.book.insertionOrder(of: slot) == book.insertionOrder(of: slot),
        "slot \(slot)'s order changed")
    }
  }
  Invariant.check(book.alphabetical == reopened.book.alphabetical, "the order by name changed")
  for query in ["2", "52", "+1", "*"] { _ = book.search(query, limit: 5) }
}
