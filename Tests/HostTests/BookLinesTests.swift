import ContactBook
import Host
import Testing

private func book() -> ContactBook {
  var book = (try? ContactBook(capacity: 8)) ?? ContactBook.placeholder()
  _ = try? book.add(
    Contact(name: "Zoe Quinn", numbers: [PhoneNumber("555 0100", label: .mobile)]))
  _ = try? book.add(
    Contact(
      name: "Adam Lee",
      numbers: [PhoneNumber("020 7946", label: .work), PhoneNumber("0777", label: .home)]))
  return book
}

@Test func theListIsAlphabeticalWithEveryLabelledNumber() {
  let lines = BookLines.list(book())
  #expect(lines.count == 2)
  #expect(lines[0].hasSuffix("\tAdam Lee\twork:020 7946,home:0777"))
  #expect(lines[1].hasSuffix("\tZoe Quinn\tmobile:555 0100"))
}

@Test func aSearchLineNamesTheMatchedNumberAndBracketsTheMatch() {
  let book = book()
  let results = book.search("2326", limit: 5)
  #expect(results.first.map { BookLines.search($0, in: book) } == "Adam Lee\t020 7946\t[Adam] Lee")
}

@Test func aNumberTakesTheLabelWrittenBeforeItsColonAndIsMobileOtherwise() {
  #expect(BookLines.number("work:020 7946") == PhoneNumber("020 7946", label: .work))
  #expect(BookLines.number("home:0777") == PhoneNumber("0777", label: .home))
  #expect(BookLines.number("555 0100") == PhoneNumber("555 0100", label: .mobile))
  // A word that is not a label is part of the number, as typed.
  #expect(BookLines.number("fax:0123") == PhoneNumber("fax:0123", label: .mobile))
}
