import ContactBook
import Testing

/// The lines joined with CR LF, as phones write them.
private func crlf(_ lines: String...) -> String {
  lines.joined(separator: "\r\n") + "\r\n"
}

/// The issues as "line (card line): message".
private func issues(_ result: VCardReadResult) -> [String] {
  result.issues.map { issue in
    "\(issue.line) (\(issue.cardLine.map(String.init) ?? "-")): \(issue.message)"
  }
}

@Test("a Nokia 2.1 export: quoted-printable UTF-8, bare types, N without FN")
func vCardReader_nokia21() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Dupont;=C3=89lodie",
    "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=89lodie=20Dupont",
    "TEL;CELL;PREF:+33 6 12 34 56 78",
    "TEL;HOME;VOICE:01 45 67 89 10",
    "TEL;WORK:01-23-45-67-89",
    "TEL;HOME;FAX:01 98 76 54 32",
    "ORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9=20de=20la=20Gare",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N:Smith;John",
    "TEL;CELL:07700900123",
    "TEL;VOICE:01632 960 001",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [
      Contact(
        name: "Élodie Dupont",
        numbers: [
          PhoneNumber("+33 6 12 34 56 78", label: .mobile),
          PhoneNumber("01 45 67 89 10", label: .home),
          PhoneNumber("01-23-45-67-89", label: .work),
          PhoneNumber("01 98 76 54 32", label: .other),
        ],
        organisation: "Café de la Gare"),
      Contact(
        name: "John Smith",
        numbers: [
          PhoneNumber("07700900123", label: .mobile), PhoneNumber("01632 960 001", label: .other),
        ]),
    ])
}

@Test("an Android 2.1 export: soft line breaks inside a UTF-8 sequence, base64 photo skipped")
func vCardReader_android21() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=A1=D0=B8=D0=B4=D0=BE=D1=80=D0=BE=D0=B2;=D0=98=D0=B2=D0=B0=D0=BD;=D0=9F=D0=B5=D1=82=D1=80=D0=BE=D0=B2=D0=B8=D1=87;;",
    "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D0=98=D0=B2=D0=B0=D0=BD=20=D0=9F=D0=B5=D1=82=D1=80=D0=BE=D0=B2=D0=",
    "=B8=D1=87=20=D0=A1=D0=B8=D0=B4=D0=BE=D1=80=D0=BE=D0=B2",
    "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Vanya;1;;;;;;;;;;;;;",
    "TEL;CELL:+7 912 345-67-89",
    "TEL;X-Dacha:+7 495 123-45-67",
    "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U",
    " HRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgy",
    "",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;=E5=A4=AA=E9=83=8E;;;",
    "TEL;CELL;PREF:090-1234-5678",
    "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
    "HRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL",
    "",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [
      Contact(
        name: "Иван Петрович Сидоров",
        numbers: [
          PhoneNumber("+7 912 345-67-89", label: .mobile),
          PhoneNumber("+7 495 123-45-67", label: .other),
        ]),
      Contact(name: "山田太郎", numbers: [PhoneNumber("090-1234-5678")]),
    ])
}

@Test("2.1 Latin-1 and Windows-1252 quoted-printable, labelled or not")
func vCardReader_latin1() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:2.1",
    "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen",
    "ORG;ENCODING=QUOTED-PRINTABLE;CHARSET=WINDOWS-1252:Bj=F6rk=20=96=20Studio",
    "TEL;WORK;ENCODING=QUOTED-PRINTABLE:030=2012345",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;QUOTED-PRINTABLE:Ren=E9e",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [
      Contact(
        name: "Jürgen Müller", numbers: [PhoneNumber("030 12345", label: .work)],
        organisation: "Björk – Studio"),
      Contact(name: "Renée"),
    ])
}

@Test("a charset the decoder does not know is read as the fallback, with a warning at its line")
func vCardReader_unsupportedCharset() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:=8ER=93c=91=BE=98Y",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:2.1",
    "FN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:Taro",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(
    result.contacts.map(\.name) == ["\u{17D}R\u{201C}c\u{2018}\u{BE}\u{2DC}Y", "Taro"],
    "the built-in charsets read Shift_JIS bytes as Windows-1252; ASCII is the same in any charset")
  #expect(issues(result) == ["3 (1): unknown character set SHIFT_JIS, read as WINDOWS-1252"])
  #expect(result.issues.first?.kind == .changed)
}

@Test("a 3.0 export: folding, escapes, groups with X-ABLabel, case-insensitive names")
func vCardReader_apple30() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:3.0",
    "PRODID:-//Apple Inc.//macOS 14.0//EN",
    "N:O'Connor;Seán;;;",
    "FN:Seán O'Connor",
    "NICKNAME:Shane,Seanie",
    "ORG:Murphy\\, O'Brien & Partners;Accounts",
    "item1.TEL;type=pref:+353 1 234 5678",
    "item1.X-ABLabel:_$!<Mobile>!$_",
    "item2.TEL:+353 1 765 4321",
    "item2.X-ABLabel:_$!<HomeFAX>!$_",
    "TEL;type=WORK;type=VOICE:+353 1 555 0000",
    "item3.TEL:+353 1 555 0001",
    "item3.X-ABLabel:Home",
    "NOTE:First line\\nSecond line with a long text that is folded over two lines by",
    "  the exporter as RFC 2426 requires",
    "END:VCARD",
    "begin:vcard",
    "version:3.0",
    "fn:Alexandra Konstantinopoulou-Vasilak",
    "\tis",
    "n:Konstantinopoulou-Vasilakis;Alexandra;;;",
    "Tel;Type=\"CELL,VOICE\":+30 697 ",
    " 123 4567",
    "org:AC\\\\DC\\; Rock",
    "nickname:Alex\\, the Great",
    "End:VCard")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [
      Contact(
        name: "Seán O'Connor",
        numbers: [
          PhoneNumber("+353 1 234 5678", label: .mobile),
          PhoneNumber("+353 1 765 4321", label: .other),
          PhoneNumber("+353 1 555 0000", label: .work),
          PhoneNumber("+353 1 555 0001", label: .home),
        ],
        nickname: "Shane, Seanie", organisation: "Murphy, O'Brien & Partners"),
      Contact(
        name: "Alexandra Konstantinopoulou-Vasilakis",
        numbers: [PhoneNumber("+30 697 123 4567", label: .mobile)],
        nickname: "Alex, the Great", organisation: "AC\\DC; Rock"),
    ])
}

@Test("escaped line breaks become newlines; unknown escapes are kept")
func vCardReader_escapes() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:3.0",
    "FN:Dr\\. Who",
    "ORG:Line one\\nLine two\\Nthree",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(
    result.contacts == [Contact(name: "Dr\\. Who", organisation: "Line one\nLine two\nthree")])
}

@Test("a 4.0 export: tel: URIs with extensions, quoted TYPE lists, sip: ignored")
func vCardReader_vCard40() {
  let text = crlf(
    "BEGIN:VCARD",
    "VERSION:4.0",
    "KIND:individual",
    "FN:Zoë Παπαδοπούλου",
    "N:Παπαδοπούλου;Zoë;;;",
    "TEL;VALUE=uri;TYPE=\"cell,voice\";PREF=1:tel:+30-697-123-4567",
    "TEL;VALUE=uri;TYPE=work:tel:+30-210-555-0199;ext=42",
    "TEL;VALUE=uri;TYPE=home:sip:zoe@example.org",
    "TEL;TYPE=home;VALUE=text:210 555 0123",
    "TEL;VALUE=uri:tel:%2B30-210-555-0100",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [
      Contact(
        name: "Zoë Παπαδοπούλου",
        numbers: [
          PhoneNumber("+30-697-123-4567", label: .mobile),
          PhoneNumber("+30-210-555-0199p42", label: .work),
          PhoneNumber("210 555 0123", label: .home),
          PhoneNumber("+30-210-555-0100", label: .other),
        ])
    ])
}

@Test("the name from N when FN is missing or blank, from ORG for a business card")
func vCardReader_nameFallbacks() {
  let text = crlf(
    "BEGIN:VCARD", "VERSION:3.0", "N:Smith;John;Paul,George;Dr.;Jr.", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:  ", "N:Nguyễn;An;;;", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "N:김;민수;;;", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "N:;Cher;;;", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "N:;;;;", "ORG:Acme Plumbing;Emergencies",
    "TEL;TYPE=work:0800 123 456", "END:VCARD",
    "BEGIN:VCARD", "VERSION:2.1", "N:Company, Inc.;;;;", "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts.map(\.name) == [
      "Dr. John Paul George Smith Jr.", "An Nguyễn", "김민수", "Cher", "Acme Plumbing",
      "Company, Inc.",
    ])
  #expect(result.contacts[4].organisation == "Acme Plumbing")
}

@Test("cards over a limit are cut to fit and reported at the right lines; none is dropped")
func vCardReader_malformedCards() {
  let text = crlf(
    "BEGIN:VCARD",  // 1
    "VERSION:3.0",
    "FN:Good One",
    "TEL:111",
    "END:VCARD",  // 5
    "BEGIN:VCARD",  // 6: no END
    "VERSION:3.0",
    "FN:Truncated",
    "BEGIN:VCARD",  // 9: no name
    "VERSION:3.0",
    "TEL:222",
    "END:VCARD",
    "BEGIN:VCARD",  // 13
    "VERSION:3.0",
    "FN:Bartholomew Maximilian Featherstonehaugh III",  // 15: 44 characters
    "END:VCARD",
    "BEGIN:VCARD",  // 17
    "VERSION:3.0",
    "FN:Five Numbers",
    "TEL:1",
    "TEL:2",
    "TEL:3",
    "TEL:4",
    "TEL:5",  // 24
    "END:VCARD",
    "BEGIN:VCARD",  // 26
    "VERSION:3.0",
    "FN:Flowers",
    "TEL;TYPE=work:1-800-FLOWERS",  // 29
    "END:VCARD",
    "BEGIN:VCARD",  // 31
    "VERSION:3.0",
    "FN:Good Two",
    "ORG:A company whose name is much longer than forty",  // 34
    "END:VCARD",
    "BEGIN:VCARD",  // 36
    "VERSION:3.0",
    "FN:Good Three",
    "END:VCARD",
    "BEGIN:VCARD",  // 40: the file ends inside it
    "VERSION:3.0",
    "FN:Cut Off")
  let result = VCardReader.read(text)
  #expect(
    result.contacts.map(\.name) == [
      "Good One", "Truncated", "222", "Bartholomew Maximilian Featherstonehaugh", "Five Numbers",
      "Flowers", "Good Two", "Good Three", "Cut Off",
    ])
  #expect(
    issues(result) == [
      "6 (6): card has no END:VCARD: read as far as it goes",
      "11 (9): card has no name: named after its number",
      "15 (13): name cut to fit (40 of 44 characters): left out \" III\"",
      "24 (17): number 5 (other) not kept: a contact holds 4 numbers, preferred and mobile first",
      "29 (26): number \"1-800-FLOWERS\": FLOWERS read as keypad digits",
      "34 (31): organisation cut to fit (40 of 46 characters): left out \" forty\"",
      "40 (40): card has no END:VCARD: read as far as it goes",
    ])
  #expect(result.issues.allSatisfy { $0.kind == .changed })
  #expect(result.skippedCards == 0)
  #expect(result.contacts[4].numbers.map(\.text) == ["1", "2", "3", "4"])
  #expect(result.contacts[5].numbers == [PhoneNumber("1-800-3569377", label: .work)])
  #expect(result.contacts[6].organisation == "A company whose name is much longer than")
  #expect(
    result.issues[3].description
      == "Line 24 (Five Numbers): number 5 (other) not kept: a contact holds 4 numbers, preferred and mobile first"
  )
  #expect(result.contacts.allSatisfy { $0.problem == nil })
}

@Test("line numbers count physical lines across folds, soft breaks and any line ending")
func vCardReader_lineNumbersAfterFolds() {
  let text =
    "BEGIN:VCARD\nVERSION:2.1\nFN;ENCODING=QUOTED-PRINTABLE:Ann=\n=20Lee\nNOTE:folded\n"
    + " once\n twice\nEND:VCARD\r"  // lines 1-8, old Mac CR ending
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad\r\n TEL\r\nTEL:12a\r\nEND:VCARD"  // 9-14
  let result = VCardReader.read(text)
  #expect(
    result.contacts == [
      Contact(name: "Ann Lee"),
      Contact(name: "BadTEL", numbers: [PhoneNumber("12", label: .other)]),
    ])
  #expect(issues(result) == ["13 (9): number \"12a\": dropped \"a\", kept 12"])
  #expect(result.issues.first?.name == "BadTEL", "3.0 folding drops one space")
}

@Test("2.1 folding keeps the continuation's white space; 3.0 drops one character")
func vCardReader_foldWhitespace() {
  let text = crlf(
    "BEGIN:VCARD", "VERSION:2.1", "FN:Mary", " Ann Jones", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Mary", "  Ann Jones", "END:VCARD")
  #expect(VCardReader.read(text).contacts.map(\.name) == ["Mary Ann Jones", "Mary Ann Jones"])
}

@Test("a quoted-printable value ending in '=' does not swallow END:VCARD")
func vCardReader_softBreakBeforeEnd() {
  let text = crlf(
    "BEGIN:VCARD", "VERSION:2.1", "FN;ENCODING=QUOTED-PRINTABLE:Bob=", "END:VCARD",
    "BEGIN:VCARD", "VERSION:2.1", "FN:Eve", "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.contacts.map(\.name) == ["Bob", "Eve"])
  #expect(result.issues.isEmpty)
}

@Test("starred and used fields, ours and others'")
func vCardReader_starredAndUsed() {
  let text = crlf(
    "BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "X-T9PHONE-STARRED:1",
    "X-T9PHONE-USED:12;1700000000", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Ben", "X-STARRED:true", "x-t9phone-used:abc;5", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Cy", "X-T9PHONE-STARRED:0", "X-T9PHONE-USED:3",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(
    result.contacts == [
      Contact(name: "Ann", starred: true, timesUsed: 12, lastUsed: 1_700_000_000),
      Contact(name: "Ben", starred: true, timesUsed: 0, lastUsed: 5),
      Contact(name: "Cy", starred: false, timesUsed: 3, lastUsed: 0),
    ])
}

@Test("empty numbers are ignored; a byte-order mark and LF endings are fine")
func vCardReader_emptyNumbersAndBOM() {
  let text =
    "\u{FEFF}BEGIN:VCARD\nVERSION:2.1\nN:Doe;Jane\nTEL;CELL:\nTEL;HOME: 555 0100 \nEND:VCARD\n"
  let result = VCardReader.read(text)
  #expect(result.issues.isEmpty)
  #expect(
    result.contacts == [Contact(name: "Jane Doe", numbers: [PhoneNumber("555 0100", label: .home)])]
  )
}

@Test("text outside cards is reported once per run; blank lines are not")
func vCardReader_strayText() {
  let text = crlf(
    "",
    "Exported by PhoneSuite 2.0",  // 2
    "garbage",
    "",
    "BEGIN:VCARD",  // 5
    "VERSION:3.0",
    "FN:Ann",
    "END:VCARD",
    "END:VCARD",  // 9
    "",
    "BEGIN:VCARD",
    "FN:Ben",
    "END:VCARD")
  let result = VCardReader.read(text)
  #expect(result.contacts.map(\.name) == ["Ann", "Ben"])
  #expect(
    issues(result) == [
      "2 (-): text outside a card", "9 (-): END:VCARD without BEGIN:VCARD",
    ])
}

@Test("empty text reads nothing")
func vCardReader_empty() {
  #expect(VCardReader.read("") == VCardReadResult())
  #expect(VCardReader.read("\r\n\r\n") == VCardReadResult())
}
