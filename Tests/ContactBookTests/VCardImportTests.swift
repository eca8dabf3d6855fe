import ContactBook
import Testing

/// The lines joined with CR LF, as phones write them.
private func card(_ lines: String...) -> String { card(lines) }

/// The lines as one card.
private func card(_ lines: [String]) -> String {
  (["BEGIN:VCARD"] + lines + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n"
}

/// The numbers of the only contact read from `text`.
private func numbers(_ text: String) -> [String] {
  VCardReader.read(text).contacts.first?.numbers.map(\.text) ?? []
}

@Test(
  "numbers with letters: extensions and pauses become p and w, stray letters are dropped",
  arguments: [
    ("+1 555 0100 ext. 234", "+1 555 0100 p234"),
    ("555-0101 x12", "555-0101 p12"),
    ("555-0101 X 12", "555-0101 p12"),
    ("555 0101 extension 7", "555 0101 p7"),
    ("555 0102,,1234#", "555 0102pp1234#"),
    ("555 0103;99", "555 0103w99"),
    ("5550104@pager.example.net", "5550104"),
    ("Home: 555 0105", "555 0105"),
    ("555 0106 (mobile)", "555 0106"),
    ("1-800-FLOWERS", "1-800-3569377"),
    ("０９０−５５５５−０１２０", "090-5555-0120"),
    ("555\u{3000}0107", "555 0107"),
    ("+44 (0)20 7946 0108", "+44 (0)20 7946 0108"),
    ("p2 +44.pw2/ 607*3/p+", "p2 +44.pw2/ 607*3/p+"),
  ])
func vCardImport_numberCleaning(_ written: String, _ kept: String) {
  #expect(numbers(card("VERSION:3.0", "FN:A", "TEL:\(written)")) == [kept])
}

@Test("a number the book accepts is kept exactly as written; one without digits is reported")
func vCardImport_numbersKeptOrReported() {
  let result = VCardReader.read(
    card("VERSION:3.0", "FN:A", "TEL:  12 -- 34  ", "TEL;TYPE=pager:pager@example.com"))
  #expect(result.contacts.first?.numbers.map(\.text) == ["12 -- 34"])
  #expect(
    result.issues.map(\.message) == [
      "number \"pager@example.com\" has nothing to dial: not kept"
    ])
}

@Test("a number over 32 dialable characters is cut to fit, the rest reported")
func vCardImport_longNumberCut() {
  let long = String(repeating: "1234567890", count: 4)
  let result = VCardReader.read(card("VERSION:3.0", "FN:A", "TEL:x\(long)"))
  #expect(result.contacts.first?.numbers.map(\.text) == [String(long.prefix(32))])
  #expect(
    result.issues.map(\.message) == [
      "number \"x\(long)\": dropped \"x\", kept \(long.prefix(32))",
      "number cut to fit (32 dialable characters): left out \"34567890\"",
    ])
}

@Test("too many numbers: preferred and mobile first, then the file's order, kept in file order")
func vCardImport_numberPriority() {
  let result = VCardReader.read(
    card(
      "VERSION:3.0", "FN:Many",
      "TEL;TYPE=home:1001",  // 4
      "TEL;TYPE=work:1002",  // 5
      "TEL;TYPE=cell:1003",  // 6
      "TEL;TYPE=home:1004",  // 7
      "TEL;TYPE=work,pref:1005",  // 8
      "TEL;TYPE=cell:1006",  // 9
      "TEL;PREF=1:1007"))  // 10, vCard 4.0's PREF parameter
  #expect(result.contacts.first?.numbers.map(\.text) == ["1003", "1005", "1006", "1007"])
  #expect(result.issues.map(\.line) == [4, 5, 7])
  #expect(result.issues.allSatisfy { $0.kind == .changed && $0.name == "Many" })
}

@Test("a number written twice takes one place")
func vCardImport_duplicateNumbers() {
  let result = VCardReader.read(
    card(
      "VERSION:3.0", "FN:Twice", "TEL;TYPE=cell:+31 20 555 0111", "TEL;TYPE=home:+3120 5550111",
      "TEL;TYPE=work:555 0112"))
  #expect(
    result.contacts.first?.numbers == [
      PhoneNumber("+31 20 555 0111", label: .mobile), PhoneNumber("555 0112", label: .work),
    ])
  #expect(result.issues.isEmpty)
}

@Test("a nameless card is named after its organisation, nickname or first number")
func vCardImport_nameless() {
  let result = VCardReader.read(
    card("VERSION:3.0", "N:;;;;", "ORG:Harbour Pizza;Kitchen", "NICKNAME:Pizza", "TEL:555 0190")
      + card("VERSION:3.0", "NICKNAME:Coach,Bob", "TEL:555 0191")
      + card("VERSION:2.1", "TEL;CELL:+1 555 0192", "TEL;HOME:555 0193")
      + card("VERSION:3.0", "EMAIL:nobody@example.com", "NOTE:only this"))
  #expect(result.contacts.map(\.name) == ["Harbour Pizza", "Coach, Bob", "+1 555 0192"])
  #expect(
    issues(result) == [
      "15 (13): card has no name: named after its number",
      "18 (18): card has neither a name nor a number",
    ])
  #expect(result.skippedCards == 1)
}

@Test("vCard 2.1 AGENT cards nest and 3.0 AGENT values inline; each is a contact of its own")
func vCardImport_agents() {
  let text = [
    "BEGIN:VCARD", "VERSION:2.1", "N:Adeyemi;Tunde", "TEL;WORK:555 0180", "AGENT:",
    "BEGIN:VCARD", "VERSION:2.1", "N:Friday;Fred", "TEL;WORK:555 0181", "END:VCARD",
    "TEL;CELL:555 0182", "END:VCARD",  // 12
    "BEGIN:VCARD", "VERSION:3.0", "FN:Mira", "TEL;TYPE=work:555 0183",
    "AGENT:BEGIN:VCARD\\nVERSION:3.0\\nFN:Susan Thomas\\nTEL:555 0184\\nEND:VCARD\\n",
    "END:VCARD",
  ].joined(separator: "\r\n")
  let result = VCardReader.read(text)
  #expect(
    result.contacts == [
      Contact(
        name: "Tunde Adeyemi",
        numbers: [PhoneNumber("555 0180", label: .work), PhoneNumber("555 0182", label: .mobile)]),
      Contact(name: "Fred Friday", numbers: [PhoneNumber("555 0181", label: .work)]),
      Contact(name: "Mira", numbers: [PhoneNumber("555 0183", label: .work)]),
      Contact(name: "Susan Thomas", numbers: [PhoneNumber("555 0184", label: .other)]),
    ])
  #expect(result.issues.isEmpty)
}

@Test("a nested card with a problem reports the AGENT line")
func vCardImport_agentLines() {
  let text = card(
    "VERSION:3.0", "FN:Boss",
    "AGENT:BEGIN:VCARD\\nVERSION:3.0\\nTEL:555 0185 x9\\nEND:VCARD\\n")
  let result = VCardReader.read(text)
  #expect(result.contacts.map(\.name) == ["Boss", "555 0185 p9"])
  #expect(issues(result) == ["4 (4): card has no name: named after its number"])
}

@Test("long text is cut to fit: 40 characters, the record's bytes, the search keys")
func vCardImport_textCut() {
  let emoji = String(repeating: "👍🏽", count: 40)  // 40 characters, 320 bytes
  let result = VCardReader.read(
    card(
      "VERSION:3.0", "FN:\(emoji)",
      "NICKNAME:\(String(repeating: "ab ", count: 20))",
      "ORG:Worthington & Featherstonehaugh International Holdings;Research"))
  let contact = result.contacts.first
  #expect(contact?.name == String(repeating: "👍🏽", count: 20), "160 bytes of 8-byte emoji")
  #expect(contact?.organisation == "Worthington & Featherstonehaugh Internat")
  #expect(contact?.nickname.count == 40)
  #expect(contact?.problem == nil)
  #expect(
    result.issues.map(\.message) == [
      "name cut to fit (20 of 40 characters): left out \"\(String(repeating: "👍🏽", count: 20))\"",
      "nickname cut to fit (40 of 59 characters): left out \"b ab ab ab ab ab ab\"",
      "organisation cut to fit (40 of 54 characters): left out \"ional Holdings\"",
    ])
}

@Test("text in base64 and quoted-printable is decoded before it is split and unescaped")
func vCardImport_base64() {
  // "Zoë;Ångström" and "A\,B" in base64.
  let result = VCardReader.read(
    card(
      "VERSION:2.1", "N;CHARSET=UTF-8;ENCODING=BASE64:Wm/DqzvDhW5nc3Ryw7Zt",
      "ORG;ENCODING=b:QVwsQg==", "TEL;CELL:555 0111"))
  #expect(result.contacts.first?.name == "Ångström Zoë")
  #expect(result.contacts.first?.organisation == "A,B")
}

@Test("UTF-16 files, with a byte-order mark or without, little- or big-endian")
func vCardImport_utf16() {
  let text = card("VERSION:3.0", "FN:Αλέξης", "TEL:555 0161")
  let units = Array(text.utf16)
  let little = units.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
  let big = units.flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
  for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little, big] {
    let result = VCardReader.read(bytes, charsets: BuiltInCharsets())
    #expect(
      result.contacts == [
        Contact(name: "Αλέξης", numbers: [PhoneNumber("555 0161", label: .other)])
      ])
  }
}

@Test("unlabelled 8-bit text that is not UTF-8 is read in the file's labelled charset or --charset")
func vCardImport_fallbackCharset() {
  let bytes: [UInt8] =
    Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Se".utf8) + [0xF1] + Array("ora\r\nEND:VCARD\r\n".utf8)
  #expect(VCardReader.read(bytes, charsets: BuiltInCharsets()).contacts.map(\.name) == ["Señora"])
  #expect(
    VCardReader.read(bytes, charsets: BuiltInCharsets(), charset: "ISO-8859-1").contacts.map(
      \.name) == ["Señora"])
}

@Test("invalid UTF-8 in a UTF-8 labelled value is shown as U+FFFD and reported")
func vCardImport_invalidUTF8() {
  let bytes: [UInt8] =
    Array("BEGIN:VCARD\r\nFN;CHARSET=UTF-8:A".utf8) + [0xC3] + Array("B\r\nEND:VCARD\r\n".utf8)
  let result = VCardReader.read(bytes, charsets: BuiltInCharsets())
  #expect(result.contacts.map(\.name) == ["A\u{FFFD}B"])
  #expect(
    result.issues.map(\.message) == ["1 byte sequence not valid in UTF-8, shown as \u{FFFD}"])
}

/// The issues as "line (card line): message".
private func issues(_ result: VCardReadResult) -> [String] {
  result.issues.map { issue in
    "\(issue.line) (\(issue.cardLine.map(String.init) ?? "-")): \(issue.message)"
  }
}

@Test("a very long number value is cut, never scanned to its end; duplicates fold in linear time")
func vCardImport_hugeValues() {
  let huge = "1" + String(repeating: ")", count: 100_000)
  let tels = (0..<2_000).map { "TEL:x\($0 % 3)" }
  let result = VCardReader.read(card(["VERSION:3.0", "FN:Big", "TEL:\(huge)"] + tels))
  #expect(
    result.contacts.first?.numbers.map(\.text) == ["1", "0", "2"], "x1 folds into the first 1")
  #expect(result.issues.count > 0)
}

@Test("a line break decoded from quoted-printable is LF however written, so export keeps it")
func vCardImport_lineBreaksInValues() {
  let result = VCardReader.read(
    card("VERSION:2.1", "FN;ENCODING=QUOTED-PRINTABLE:A=0DB=0D=0AC=0AD", "TEL:1"))
  #expect(result.contacts.first?.name == "A\nB\nC\nD")
  let again = VCardReader.read(VCardWriter.write(result.contacts))
  #expect(again.contacts == result.contacts)
}
