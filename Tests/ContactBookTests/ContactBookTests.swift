import ContactBook
import Testing

private func book(_ contacts: [Contact], capacity: Int = 100) throws -> ContactBook {
  var book = try ContactBook(capacity: capacity)
  for contact in contacts { try book.add(contact) }
  return book
}

private func names(_ book: ContactBook, _ query: String) -> [String] {
  book.search(query).compactMap { book.contact(at: $0.slot)?.name }
}

private func highlight(_ book: ContactBook, _ query: String) -> [String] {
  book.search(query).compactMap { result in
    guard let contact = book.contact(at: result.slot) else { return nil }
    let text =
      result.highlightsNumber ? contact.numbers[result.numberIndex ?? 0].text : contact.name
    return result.bracketed(text)
  }
}

@Test("the rule examples: Fred Smith, John Smith, O'Connor")
func contactBook_ruleExamples() throws {
  let book = try book([
    Contact(name: "Fred Smith"), Contact(name: "John Smith"), Contact(name: "O'Connor"),
  ])
  #expect(names(book, "37337") == ["Fred Smith"])
  #expect(names(book, "57") == ["John Smith"])
  #expect(names(book, "5764") == ["John Smith"])
  #expect(names(book, "61266667") == ["O'Connor"])
  #expect(names(book, "266667") == ["O'Connor"])
  #expect(highlight(book, "57") == ["[J]ohn [S]mith"])
  #expect(highlight(book, "5764") == ["[J]ohn [Smi]th"])
  #expect(highlight(book, "56") == ["[Jo]hn Smith"])
}

@Test("matches start at tokens, never mid-word")
func contactBook_noMidWordMatches() throws {
  let book = try book([Contact(name: "Joe Bloggs")])
  #expect(names(book, "63").isEmpty, "'oe' is not a token start")
  #expect(names(book, "256").count == 1)
}

@Test("accented names are found by their base letters")
func contactBook_accents() throws {
  let book = try book([
    Contact(name: "José Núñez"), Contact(name: "Nguyễn Văn An"), Contact(name: "Ærøskøbing Ltd"),
  ])
  #expect(names(book, "5673") == ["José Núñez"])
  #expect(names(book, "686") == ["José Núñez"])
  #expect(names(book, "648936") == ["Nguyễn Văn An"])
  #expect(names(book, "826") == ["Nguyễn Văn An"], "ă is a")
  #expect(highlight(book, "6863") == ["José [Núñe]z"])
  #expect(names(book, "2376") == ["Ærøskøbing Ltd"], "æ is ae")
}

@Test("numbers match as substrings; a leading + is ignored on both sides")
func contactBook_numbers() throws {
  let book = try book([
    Contact(name: "Ann", numbers: [PhoneNumber("+62 812-3456-789")]),
    Contact(name: "Bob", numbers: [PhoneNumber("0812 999"), PhoneNumber("*100#", label: .other)]),
  ])
  #expect(names(book, "628") == ["Ann"])
  #expect(names(book, "+628") == ["Ann"])
  #expect(highlight(book, "3456") == ["+62 812-[3456]-789"])
  #expect(names(book, "0812") == ["Bob"])
  #expect(book.search("*100#").first?.numberIndex == 1)
  #expect(book.search("0812").first?.matchClass == .numberPrefix)
  #expect(book.search("3456").first?.matchClass == .numberElsewhere)
}

@Test("ranking: match class, then starred, times used, last used, name")
func contactBook_ranking() throws {
  var book = try book([
    Contact(name: "Kim Lee"), Contact(name: "Lee Kim"), Contact(name: "Alan Lee"),
    Contact(name: "Al Kim", starred: true), Contact(name: "Kim Allen", timesUsed: 3),
  ])
  // 546: run from the first token (Kim …), then a later token (… Kim), and
  // among equals starred, then used.
  #expect(names(book, "546") == ["Kim Allen", "Kim Lee", "Al Kim", "Lee Kim"])
  book.recordCall(at: 0, time: 100)
  book.recordCall(at: 0, time: 200)
  book.recordCall(at: 0, time: 300)
  book.recordCall(at: 0, time: 400)
  #expect(names(book, "546").first == "Kim Lee", "used four times, more than Kim Allen")
  #expect(book.search("546")[2].matchClass == .laterToken)
}

@Test("initials rank after name runs and keywords after initials")
func contactBook_classes() throws {
  let book = try book([
    Contact(name: "Maria Garcia"), Contact(name: "Mark Gee"),
    Contact(name: "Zoe Park", nickname: "Marko"),
  ])
  let results = book.search("627")
  #expect(results.map(\.matchClass) == [.nameStart, .nameStart, .keyword])
  #expect(book.contact(at: results[2].slot)?.name == "Zoe Park")
  #expect(book.search("64").map(\.matchClass) == [.initials, .initials])
}

@Test("a full book refuses with a clear message and changes nothing")
func contactBook_capacity() throws {
  var book = try book([Contact(name: "A"), Contact(name: "B")], capacity: 2)
  #expect(throws: ContactBookError("Contacts full (2/2)")) { try book.add(Contact(name: "C")) }
  #expect(book.count == 2)
  #expect(throws: ContactBookError.self) { _ = try ContactBook(capacity: 10_001) }
  #expect(throws: ContactBookError("Name too long (41/40)")) {
    try book.update(Contact(name: String(repeating: "x", count: 41)), at: 0)
  }
  #expect(book.contact(at: 0)?.name == "A")
}

@Test("incremental search narrows, and back restores without searching")
func contactSearch_incremental() throws {
  let book = try book([
    Contact(name: "John Smith"), Contact(name: "Joan Smith"), Contact(name: "Kim"),
  ])
  var search = ContactSearch()
  search.type("5", in: book)
  #expect(search.results(in: book).count == 3)
  search.type("6", in: book)
  search.type("4", in: book)
  #expect(search.results(in: book).compactMap { book.contact(at: $0.slot)?.name } == ["John Smith"])
  search.deleteLast()
  #expect(search.results(in: book).count == 2)
  #expect(search.query == "56")
}
