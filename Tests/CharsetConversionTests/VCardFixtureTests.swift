import CharsetConversion
import ContactBook
import Testing

/// The fixture read with glibc's iconv, as `t9phone contacts import` reads it.
private func read(_ name: String, charset: String? = nil) -> VCardReadResult {
  VCardReader.read(fixture(name), charsets: IconvCharsets(), charset: charset)
}

/// The issues as "line: message".
private func warnings(_ result: VCardReadResult) -> [String] {
  result.issues.map { "\($0.line): \($0.message)" }
}

@Test("an iPhone card with seven numbers keeps the preferred and mobile ones, the rest reported")
func fixture_iphone() {
  let result = read("iphone-seven-numbers.vcf")
  #expect(
    result.contacts == [
      Contact(
        name: "Chiamaka Okafor",
        numbers: [
          PhoneNumber("+234 803 555 0101", label: .other),
          PhoneNumber("+44 20 7946 0102", label: .home),
          PhoneNumber("+44 7700 900105", label: .mobile),
          PhoneNumber("+44 7700 900106", label: .mobile),
        ], organisation: "Lagos Tides Rowing Club"),
      Contact(name: "Mads Brandt", numbers: [PhoneNumber("+45 20 55 01 08", label: .mobile)]),
    ])
  let cut = "not kept: a contact holds 4 numbers, preferred and mobile first"
  #expect(
    warnings(result) == [
      "10: number +44 20 7946 0103 (work) \(cut)",
      "11: number +44 20 7946 0104 (other) \(cut)",
      "15: number +44 20 7946 0107 (other) \(cut)",
    ])
}

@Test("a Gmail card with eleven numbers, one twice: four kept, six reported, the twin folded")
func fixture_gmail() {
  let result = read("gmail-eleven-numbers.vcf")
  #expect(
    result.contacts.first?.numbers == [
      PhoneNumber("+31 20 555 0110", label: .work), PhoneNumber("+31 20 555 0111", label: .home),
      PhoneNumber("+31 20 555 0112", label: .mobile),
      PhoneNumber("+31 20 555 0118", label: .mobile),
    ])
  #expect(result.issues.map(\.line) == [9, 10, 11, 12, 13, 15, 16])
  #expect(result.issues.count + 4 == 11, "every number but the twin is kept or reported")
}

@Test("a Japanese phone's Shift_JIS file: raw and quoted-printable, full-width digits")
func fixture_shiftJIS() {
  let result = read("japanese-shift-jis.vcf")
  #expect(
    result.contacts == [
      Contact(
        name: "山田太郎",
        numbers: [
          PhoneNumber("090-5555-0120", label: .mobile), PhoneNumber("03-5555-0121", label: .home),
        ]),
      Contact(
        name: "表花子", numbers: [PhoneNumber("03-5555-0122", label: .work)],
        organisation: "株式会社ソフト"),
      Contact(name: "佐藤健", numbers: [PhoneNumber("080-5555-0123", label: .mobile)]),
    ])
  #expect(result.issues.isEmpty, "表 ends in byte 0x5C, which is not a backslash here")
}

@Test("an Outlook 2003 file in Windows-1252: labelled and not, an x extension, a long company")
func fixture_outlook() {
  let result = read("outlook-windows-1252.vcf")
  #expect(
    result.contacts == [
      Contact(
        name: "Jürgen Großmann",
        numbers: [
          PhoneNumber("+49 30 5550 1300 p12", label: .work),
          PhoneNumber("+49 170 5550131", label: .mobile),
        ], organisation: "Großmann & Söhne Mašchinenbau – Niederla"),
      Contact(
        name: "Françoise Étienne – “Fanfan”", numbers: [PhoneNumber("01 55 50 01 40", label: .home)]
      ),
    ])
  #expect(
    warnings(result) == [
      "5: organisation cut to fit (40 of 49 characters): left out \"ssung Süd\""
    ])
}

@Test("a Latin-1 file with no CHARSET, an Outlook UTF-16 file, a Big5 file")
func fixture_wholeFileCharsets() {
  #expect(
    read("latin1-unlabelled.vcf").contacts.map(\.name) == [
      "Se\u{F1}ora In\u{E9}s Mu\u{F1}oz", "J\u{F8}rgen S\u{E6}ther",
    ])
  let utf16 = read("outlook-utf16.vcf")
  #expect(utf16.contacts.map(\.name) == ["中村 結衣", "Αλέξης Παπαδόπουλος"])
  #expect(
    utf16.contacts.map { $0.numbers.first?.text } == ["+81 90 5555 0160", "+30 21 0555 0161"])
  #expect(utf16.issues.isEmpty)
  #expect(
    read("big5.vcf").contacts == [Contact(name: "陳大文", numbers: [PhoneNumber("+886 912 555 115")])])
}

@Test("KOI8-R, base64 UTF-8, base64 ISO-2022-JP, GB18030; an unknown charset on ASCII text")
func fixture_otherCharsets() {
  let result = read("other-charsets.vcf")
  #expect(
    result.contacts.map(\.name) == ["Ольга Смирнова", "Zoë Ångström", "鈴木一郎", "王小明", "Plain Name"])
  #expect(result.issues.isEmpty)
}

@Test("long names, nicknames and organisations are cut to fit, what was left out reported")
func fixture_longNames() {
  let result = read("long-names.vcf")
  #expect(
    result.contacts.first
      == Contact(
        name: "Professor Dr. Bartholomew Maximilian Fea",
        numbers: [PhoneNumber("+44 20 7946 0170", label: .work)],
        nickname: "Bart, Barty, The Professor, Maxi, Feathe",
        organisation: "Worthington & Featherstonehaugh Internat"))
  #expect(
    warnings(result) == [
      "4: name cut to fit (40 of 70 characters): left out \"therstonehaugh-Worthington III\"",
      "6: nickname cut to fit (40 of 52 characters): left out \"rstone, BMFW\"",
      "7: organisation cut to fit (40 of 54 characters): left out \"ional Holdings\"",
    ])
  #expect(result.contacts.count == 2)
}

@Test("nested AGENT cards become contacts of their own")
func fixture_agents() {
  let result = read("agent-nested.vcf")
  #expect(
    result.contacts.map(\.name) == [
      "Tunde Adeyemi", "Fred Friday", "Mira Kowalczyk", "Susan Thomas",
    ])
  #expect(result.contacts.first?.numbers.count == 2, "the number after the nested card is kept")
  #expect(result.issues.isEmpty)
}

@Test("nameless cards are named; only a card with neither name nor number is skipped")
func fixture_nameless() {
  let result = read("nameless.vcf")
  #expect(result.contacts.map(\.name) == ["Harbour Pizza", "Coach", "+1 555 0192"])
  #expect(
    warnings(result) == [
      "14: card has no name: named after its number",
      "16: card has neither a name nor a number",
    ])
  #expect(result.skippedCards == 1)
}

@Test("numbers with letters keep every digit: extensions, pauses, a pager, a vanity number")
func fixture_numbersWithLetters() {
  let result = read("numbers-with-letters.vcf")
  #expect(
    result.contacts.map { $0.numbers.map(\.text) } == [
      ["+1 555 0100 p234", "555-0101 p12", "555 0102pp1234#", "555 0103w99"],
      ["5550104", "555 0105", "1-800-3569377", "555 0106"],
    ])
  #expect(
    warnings(result) == [
      "12: number \"5550104@pager.example.net\": dropped \"@pager.example.net\", kept 5550104",
      "13: number \"Home: 555 0105\": dropped \"Home\", \":\", kept 555 0105",
      "14: number \"1-800-FLOWERS\": FLOWERS read as keypad digits",
      "15: number \"555 0106 (mobile)\": dropped \"mobile\", kept 555 0106",
    ])
}

@Test("a card without END:VCARD is read as far as it goes")
func fixture_truncated() {
  let result = read("truncated.vcf")
  #expect(result.contacts.map(\.name) == ["Kept Despite Everything", "Whole Card", "Last Card"])
  #expect(result.skippedCards == 0)
}

@Test("every fixture: each card with a name or a number is imported and fits the book")
func fixture_nothingLost() {
  let files = [
    "agent-nested.vcf", "big5.vcf", "gmail-eleven-numbers.vcf", "iphone-seven-numbers.vcf",
    "japanese-shift-jis.vcf", "latin1-unlabelled.vcf", "long-names.vcf", "nameless.vcf",
    "numbers-with-letters.vcf", "other-charsets.vcf", "outlook-utf16.vcf",
    "outlook-windows-1252.vcf", "truncated.vcf",
  ]
  var cards = 0
  var contacts = 0
  for file in files {
    let bytes = fixture(file)
    #expect(!bytes.isEmpty, "\(file) is there")
    let result = read(file)
    // Every BEGIN:VCARD (nested ones too) is a card; only nameless.vcf has one with neither.
    let ascii = bytes.filter { $0 != 0 }
    let key = Array("BEGIN:VCARD".utf8)
    cards +=
      (0..<Swift.max(0, ascii.count - key.count)).filter {
        Array(ascii[$0..<($0 + key.count)]) == key
      }.count
    contacts += result.contacts.count
    #expect(result.contacts.allSatisfy { $0.problem == nil }, "\(file)")
    #expect(result.skippedCards == (file == "nameless.vcf" ? 1 : 0), "\(file)")
    var book = try? ContactBook(capacity: 100)
    for contact in result.contacts { #expect((try? book?.add(contact)) != nil, "\(file)") }
  }
  #expect(contacts == cards - 1)
}
