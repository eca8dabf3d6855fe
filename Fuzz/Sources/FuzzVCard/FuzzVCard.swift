import CharsetConversion
import ContactBook
import FuzzSupport

/// vCard import (`t9phone contacts import`, scenario contact files) as the
/// executable runs it: the file's bytes, legacy charsets through glibc's
/// iconv. Any bytes read without crashing; every issue names a line of the
/// file; every contact fits the book (cut to fit, never refused); and the
/// contacts, written back as vCard 3.0 and read again, are the same
/// contacts with no issue.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = FuzzInput.bytes(start, count)
  let result = VCardReader.read(bytes, charsets: IconvCharsets())
  // A UTF-16 file is read as its text, its lines counted without the NULs.
  let lines = Swift.max(physicalLines(bytes), physicalLines(bytes.filter { $0 != 0 }))
  for issue in result.issues {
    Invariant.check(
      (1...Swift.max(1, lines)).contains(issue.line), "issue on line \(issue.line) of \(lines)")
  }
  for contact in result.contacts {
    Invariant.check(contact.problem == nil, "\(contact) does not fit: \(contact.problem ?? "")")
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
private func physicalLines(_ bytes: [UInt8]) -> Int {
  var lines = 0
  var pending = false
  var previous: UInt8 = 0
  for byte in bytes {
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
