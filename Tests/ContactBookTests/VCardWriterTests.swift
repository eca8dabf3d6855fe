import ContactBook
import TestSupport
import Testing

/// The physical lines of `text` as bytes, split at CR LF (the last, empty
/// piece after the final CR LF dropped).
private func physicalLines(_ text: String) -> [[UInt8]] {
  var lines: [[UInt8]] = [[]]
  var previous: UInt8 = 0
  for byte in text.utf8 {
    if previous == 13 && byte == 10 {
      lines[lines.count - 1].removeLast()
      lines.append([])
    } else {
      lines[lines.count - 1].append(byte)
    }
    previous = byte
  }
  if lines.last?.isEmpty == true { lines.removeLast() }
  return lines
}

/// `text` unfolded the 3.0 way: CR LF and one space removed.
private func unfolded(_ text: String) -> String {
  text.replacing("\r\n ", with: "")
}

@Test("a contact is written as a 3.0 card with CR LF line endings")
func vCardWriter_exactOutput() {
  let contact = Contact(
    name: "John Smith",
    numbers: [
      PhoneNumber("+44 7700 900123", label: .mobile), PhoneNumber("020 7946 0018", label: .home),
      PhoneNumber("0161 496 0000", label: .work), PhoneNumber("*100#", label: .other),
    ],
    nickname: "Johnny", organisation: "Acme Ltd", starred: true, timesUsed: 7,
    lastUsed: 1_700_000_000)
  #expect(
    VCardWriter.write([contact])
      == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:John Smith\r\nN:Smith;John;;;\r\n"
      + "TEL;TYPE=CELL:+44 7700 900123\r\nTEL;TYPE=HOME:020 7946 0018\r\n"
      + "TEL;TYPE=WORK:0161 496 0000\r\nTEL;TYPE=VOICE:*100#\r\nNICKNAME:Johnny\r\n"
      + "ORG:Acme Ltd\r\nX-T9PHONE-STARRED:1\r\nX-T9PHONE-USED:7;1700000000\r\nEND:VCARD\r\n")
}

@Test("empty fields, unstarred and unused contacts write no optional lines")
func vCardWriter_minimal() {
  #expect(
    VCardWriter.write([Contact(name: "Cher"), Contact(name: "Bo")])
      == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cher\r\nN:;Cher;;;\r\nEND:VCARD\r\n"
      + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo\r\nN:;Bo;;;\r\nEND:VCARD\r\n")
  #expect(VCardWriter.write([]) == "")
}

@Test("backslash, comma, semicolon and line breaks are escaped")
func vCardWriter_escapes() {
  let contact = Contact(
    name: "Smith, Jane; PhD", nickname: "J\\S", organisation: "R&D, Inc.\nBuilding 2\r\nFloor 3")
  let lines = VCardWriter.write([contact]).split(separator: "\r\n")
  #expect(lines.contains("FN:Smith\\, Jane\\; PhD"))
  #expect(lines.contains("N:;Smith\\, Jane\\; PhD;;;"), "not split: 'Smith,' is not a plain word")
  #expect(lines.contains("NICKNAME:J\\\\S"))
  #expect(lines.contains("ORG:R&D\\, Inc.\\nBuilding 2\\nFloor 3"))
}

@Test("N is family;given for two plain words, otherwise the whole name is the given name")
func vCardWriter_nameSplit() {
  func nLine(_ name: String) -> String? {
    VCardWriter.write([Contact(name: name)]).split(separator: "\r\n").first {
      $0.hasPrefix("N:")
    }.map(String.init)
  }
  #expect(nLine("Élodie Dupont") == "N:Dupont;Élodie;;;")
  #expect(nLine("Mary-Jane O'Neil") == "N:O'Neil;Mary-Jane;;;")
  #expect(nLine("Nguyễn Văn An") == "N:;Nguyễn Văn An;;;")
  #expect(nLine("山田 太郎") == "N:;山田 太郎;;;")
  #expect(nLine("Mum") == "N:;Mum;;;")
  #expect(nLine("R2 D2") == "N:;R2 D2;;;")
  #expect(nLine("Ann  Lee") == "N:;Ann  Lee;;;")
}

@Test("lines over 75 octets are folded between characters, never inside a UTF-8 sequence")
func vCardWriter_folding() throws {
  let names = [
    String(repeating: "😀", count: 40),  // 4-byte sequences
    "x" + String(repeating: "é", count: 39),  // a naive cut at 75 octets splits an é
    String(repeating: "漢", count: 40),  // 3-byte sequences
    String(repeating: "e\u{301}", count: 40),  // two scalars per character
  ]
  for name in names {
    let contact = Contact(name: name, organisation: String(repeating: "Ж", count: 40))
    let text = VCardWriter.write([contact])
    for line in physicalLines(text) {
      #expect(line.count <= 75, "\(line.count) octets")
      let decoded = try #require(String(validating: line, as: UTF8.self), "split inside UTF-8")
      let scalars = Array(decoded.unicodeScalars)
      #expect(scalars.count < 2 || scalars[1] != "\u{301}", "an accent split from its letter")
    }
    #expect(physicalLines(text).contains { $0.first == UInt8(ascii: " ") }, "something folded")
    #expect(unfolded(text).split(separator: "\r\n").contains("FN:\(name)"[...]))
  }
  let octets = physicalLines(
    VCardWriter.write([Contact(name: "x" + String(repeating: "é", count: 39))])
  )
  .map(\.count)
  #expect(octets.prefix(4) == [11, 11, 74, 9], "FN:x + 35 é is 74 octets; the next é starts ' '")
}

@Test("a single character longer than a line is split between its scalars")
func vCardWriter_hugeCharacter() throws {
  let zalgo = "Z" + String(repeating: "\u{301}", count: 60)  // one character, 121 octets
  let text = VCardWriter.write([Contact(name: zalgo)])
  for line in physicalLines(text) {
    #expect(line.count <= 75)
    #expect(String(validating: line, as: UTF8.self) != nil)
  }
  #expect(VCardReader.read(text).contacts.first?.name == zalgo)
}

@Test("write then read gives the same contacts: accents, scripts, escapes, starred and used")
func vCardWriter_roundTrip() {
  let contacts = [
    Contact(
      name: "Élodie Dupont",
      numbers: [
        PhoneNumber("+33 6 12 34 56 78", label: .mobile),
        PhoneNumber("01 45 67 89 10", label: .home),
        PhoneNumber("(01) 23-45-67/89", label: .work),
        PhoneNumber("*31#0612p1234w5", label: .other),
      ],
      nickname: "Lolo, Élo", organisation: "Café de la Gare; Paris", starred: true, timesUsed: 42,
      lastUsed: 1_732_000_000),
    Contact(name: "山田太郎", numbers: [PhoneNumber("090-1234-5678")], organisation: "株式会社テスト"),
    Contact(
      name: "Иван Петрович Сидоров", numbers: [PhoneNumber("+7 912 345-67-89", label: .home)]),
    Contact(name: "محمد بن سلمان", nickname: "أبو سعد"),
    Contact(name: "Nguyễn Văn An", timesUsed: 3),
    Contact(name: "Zoë Παπαδοπούλου", lastUsed: 86_400),
    Contact(name: "Back\\slash, Semi;colon", organisation: "Two\nlines"),
    Contact(name: String(repeating: "漢", count: 40), nickname: String(repeating: "😀", count: 30)),
    Contact(name: "家族 👨‍👩‍👧‍👦 e\u{301}te\u{301}", starred: true),
  ]
  for contact in contacts { #expect(contact.problem == nil) }
  let result = VCardReader.read(VCardWriter.write(contacts))
  #expect(result.issues.isEmpty)
  #expect(result.contacts == contacts)
}

@Test("a field over its stored bytes is refused: 30 emoji fit a nickname's 120 bytes, 31 do not")
func contact_fieldBytes() {
  #expect(Contact(name: "A", nickname: String(repeating: "😀", count: 30)).problem == nil)
  #expect(
    Contact(name: "A", nickname: String(repeating: "😀", count: 31)).problem
      == "Nickname too long to store")
  #expect(Contact(name: String(repeating: "😀", count: 40)).problem == nil)
  #expect(
    Contact(name: String(repeating: "👨‍👩‍👧", count: 10)).problem == "Name too long to store")
}

@Test("write then read keeps 300 random contacts")
func vCardWriter_randomRoundTrip() {
  var random = SplitMix64(seed: 2024)
  let letters: [Character] = Array(
    "abcxyzABCÉéñøßŁłЖжΩω漢字かなカナ한국😀👍🏽e\u{301},;:\\\"'=-.()&/")
  let separators: [Character] = [" ", "\n", "\t"]
  let dialable: [Character] = Array("0123456789+*#pw")
  let decoration: [Character] = Array(" -()./")
  func text(maximum: Int) -> String {
    var result = String(
      (0..<Int.random(in: 1...maximum, using: &random)).map { _ in
        letters.randomElement(using: &random) ?? "a"
      })
    if result.count > 2 && Bool.random(using: &random) {
      let position = result.index(result.startIndex, offsetBy: result.count / 2)
      result.insert(separators.randomElement(using: &random) ?? " ", at: position)
    }
    return result
  }
  func number() -> String {
    var result = String(dialable.randomElement(using: &random) ?? "1")
    for _ in 0..<Int.random(in: 0...20, using: &random) {
      let pool = Int.random(in: 0..<4, using: &random) == 0 ? decoration : dialable
      result.append(pool.randomElement(using: &random) ?? "1")
    }
    result.append(dialable.randomElement(using: &random) ?? "1")
    return result
  }
  let contacts = (0..<300).map { _ in
    Contact(
      name: text(maximum: 38),
      numbers: (0..<Int.random(in: 0...4, using: &random)).map { _ in
        PhoneNumber(
          number(), label: PhoneNumber.Label.allCases.randomElement(using: &random) ?? .other)
      },
      nickname: Bool.random(using: &random) ? text(maximum: 38) : "",
      organisation: Bool.random(using: &random) ? text(maximum: 38) : "",
      starred: Bool.random(using: &random),
      timesUsed: Int.random(in: 0...100_000, using: &random),
      lastUsed: Int64.random(in: 0...2_000_000_000, using: &random))
  }
  #expect(contacts.allSatisfy { $0.problem == nil })
  let text = VCardWriter.write(contacts)
  #expect(physicalLines(text).allSatisfy { $0.count <= 75 })
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(result.contacts.count == contacts.count)
  for (read, written) in zip(result.contacts, contacts) { #expect(read == written) }
}
