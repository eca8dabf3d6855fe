import ContactBook
import FuzzSupport

/// vCard import (`t9phone contacts import`, the contacts fixture): any text
/// reads without crashing, every issue names a line of it, and the contacts
/// read, written back as vCard 3.0 and read again, are the same contacts
/// with no issue.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  let result = VCardReader.read(text)
  let lines = physicalLines(text)
  for issue in result.issues {
    Invariant.check(
      (1...Swift.max(1, lines)).contains(issue.line), "issue on line \(issue.line) of \(lines)")
  }
  let written = VCardWriter.write(result.contacts)
  let again = VCardReader.read(written)
  Invariant.check(again.issues.isEmpty, "the written cards have issues: \(again.issues)")
  Invariant.check(
    again.contacts == result.contacts,
    "written and read again, \(result.contacts) became \(again.contacts)")
  return 0
}

/// How many lines the reader sees: each ended by CR LF, LF or CR, the last
/// one maybe by nothing.
private func physicalLines(_ text: String) -> Int {
  var lines = 0
  var pending = false
  var previous: UInt8 = 0
  for byte in text.utf8 {
    if byte == UInt8(ascii: "\n") {
      if previous != UInt8(ascii: "\r") { lines += 1 }
      pending = false
    } else if byte == UInt8(ascii: "\r") {
      lines += 1
      pending = false
    } else {
      pending = true
    }
    previous = byte
  }
  return pending ? lines + 1 : lines
}
