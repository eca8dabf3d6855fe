import TestSupport
import Testing
import TextFolding

@testable import ContactBook

/// The search rules as first written (a straightforward scan), kept here
/// as the oracle for the indexed search.
private enum Reference {
  static func parse(_ query: String) -> (name: [UInt8], number: [UInt8]) {
    var name: [UInt8] = []
    var number: [UInt8] = []
    for scalar in query.unicodeScalars {
      switch scalar {
      case "0"..."9":
        name.append(UInt8(scalar.value - 48))
        number.append(UInt8(scalar.value - 48))
      case "*": number.append(10)
      case "#": number.append(11)
      default: continue
      }
    }
    return (name, number)
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where Array(haystack[start..<(start + needle.count)]) == needle {
      return start
    }
    return nil
  }

  static func match(_ query: String, _ contact: Contact, slot: Int) -> ContactResult? {
    let parsed = parse(query)
    guard !parsed.number.isEmpty else { return nil }
    if !parsed.name.isEmpty {
      var keys = SearchKeys(contact.name)
      let nameTokens = keys.tokenStarts.count
      let nameLength = contact.name.count
      keys.append(SearchKeys(contact.nickname), sourceOffset: nameLength)
      keys.append(
        SearchKeys(contact.organisation), sourceOffset: nameLength + contact.nickname.count)
      if let found = NameMatcher.match(parsed.name, keys, nameTokens: nameTokens) {
        let sources = found.positions.map { keys.sources[$0] }
        return ContactResult(
          slot: slot, matchClass: found.matchClass,
          numberIndex: contact.numbers.isEmpty ? nil : 0, highlightsNumber: false,
          highlighted: Highlight(sources.filter { $0 < nameLength }))
      }
    }
    var best: ContactResult?
    for (index, number) in contact.numbers.enumerated() {
      let digits = number.searchDigits
      guard let start = find(parsed.number, in: digits.digits) else { continue }
      let matchClass: MatchClass = start == 0 ? .numberPrefix : .numberElsewhere
      if let current = best, current.matchClass <= matchClass { continue }
      best = ContactResult(
        slot: slot, matchClass: matchClass, numberIndex: index, highlightsNumber: true,
        highlighted: Highlight(digits.sources[start..<(start + parsed.number.count)]))
    }
    return best
  }

  /// Ranks by class, starred, times used, last used, then alphabetical
  /// position (folded name, insertion order).
  static func rank(_ results: [ContactResult], _ book: ContactBook, limit: Int) -> [ContactResult] {
    var position: [Int: Int] = [:]
    for (index, slot) in book.alphabetical.enumerated() { position[slot] = index }
    let sorted = results.sorted { left, right in
      if left.matchClass != right.matchClass { return left.matchClass < right.matchClass }
      guard let a = book.contact(at: left.slot), let b = book.contact(at: right.slot) else {
        return false
      }
      if a.starred != b.starred { return a.starred }
      if a.timesUsed != b.timesUsed { return a.timesUsed > b.timesUsed }
      if a.lastUsed != b.lastUsed { return a.lastUsed > b.lastUsed }
      return (position[left.slot] ?? 0) < (position[right.slot] ?? 0)
    }
    return Array(sorted.prefix(limit))
  }

  static func search(_ query: String, _ book: ContactBook, limit: Int) -> [ContactResult] {
    let found = book.alphabetical.compactMap { slot in
      book.contact(at: slot).flatMap { match(query, $0, slot: slot) }
    }
    return rank(found, book, limit: limit)
  }

  /// Incremental narrowing: each key keeps the previous key's matches that
  /// still match; a query with no digit yet keeps every contact, and so
  /// does the first name digit after keys names ignore (`*8` finds names
  /// with 8 that `*` did not).
  static func incremental(_ query: String, _ book: ContactBook) -> [ContactResult] {
    var candidates = book.alphabetical
    var typed = ""
    var last: [ContactResult] = []
    for key in query {
      let hadName = !parse(typed).name.isEmpty
      typed.append(key)
      if parse(typed).number.isEmpty {
        last = []
        continue
      }
      if !hadName && !parse(typed).name.isEmpty { candidates = book.alphabetical }
      last = candidates.compactMap { slot in
        book.contact(at: slot).flatMap { match(typed, $0, slot: slot) }
      }
      candidates = last.map(\.slot)
    }
    return last
  }
}

private let givenNames = [
  "John", "Joan", "María José", "José", "Łukasz", "Zoë", "Đặng", "Nguyễn Thị", "Ayşe", "Ömer",
  "Jürgen", "O'Connor", "Mary-Jane", "Dr. No", "李", "Wei", "Анна", "Straße", "Æsir", "Kim",
  "Al", "Lee", "Ann", "Bob", "Siti", "Budi", "1800", "J.R.R.", "Ñandú", "Çağla",
]
private let familyNames = [
  "Smith", "Núñez", "Kowalski", "Wiśniewska", "Yılmaz", "Müller", "Trần", "Phạm", "Santoso",
  "Garcia", "Lee", "Kim", "Park", "da Silva", "van der Berg", "Øst", "", "Win A Prize", "王",
  "Иванов", "d'Arcy", "St. John",
]
private let keywords = [
  "", "", "", "", "Marko", "Acme Ltd", "Big Jim", "Universidade de São Paulo",
  "Internationale Handelsgesellschaft mbH", "Ab", "Jo",
]
private let numberShapes = [
  "+62 812-3456-789", "0812 999", "*100#", "+1 (415) 555-0134", "+44 20 7946 0958", "030 1234567",
  "+84 91 234 56 78", "112", "#31#", "+90 532 123 45 67", "p123w4",
]

private func randomContact(_ random: inout SplitMix64) -> Contact {
  var name = random.pick(givenNames)
  let family = random.pick(familyNames)
  if !family.isEmpty { name += " " + family }
  if random.below(8) == 0 { name += " " + random.pick(givenNames) }
  var numbers: [PhoneNumber] = []
  for _ in 0..<random.below(4) {
    var text = random.pick(numberShapes)
    if random.below(2) == 0 {
      text += String(random.below(1000))
    }
    numbers.append(PhoneNumber(text))
  }
  let long = random.below(10) == 0
  return Contact(
    name: String(name.prefix(40)), numbers: numbers,
    nickname: long ? "Xavier Zacharias Wolfgang Quentin" : random.pick(keywords),
    organisation: long ? "Staatliche Kunstsammlungen Dresden eV" : random.pick(keywords),
    starred: random.below(10) == 0, timesUsed: random.below(4) == 0 ? random.below(5) : 0,
    lastUsed: Int64(random.below(3)))
}

private func randomQuery(_ random: inout SplitMix64, _ book: ContactBook) -> String {
  let slots = book.alphabetical
  guard !slots.isEmpty, let contact = book.contact(at: random.pick(slots)) else { return "5" }
  let length = 1 + random.below(7)
  var query = ""
  switch random.below(5) {
  case 0:
    let keys = SearchKeys(contact.name + " " + contact.nickname)
    let start = keys.tokenStarts.isEmpty ? 0 : random.pick(keys.tokenStarts)
    query = String(keys.text.dropFirst(start).prefix(length))
  case 1:
    let keys = SearchKeys(contact.name + " " + contact.organisation)
    let digits = Array(keys.text)
    for start in keys.tokenStarts where random.below(2) == 0 { query.append(digits[start]) }
    let tail = keys.tokenStarts.last ?? 0
    query += String(keys.text.dropFirst(tail).prefix(random.below(4)))
  case 2:
    if let number = contact.numbers.first {
      let text = String(
        number.text.unicodeScalars.filter { "0123456789*#".unicodeScalars.contains($0) })
      query = String(text.dropFirst(random.below(Swift.max(1, text.count))).prefix(length))
    }
  default:
    for _ in 0..<length { query.append(random.pick(Array("0123456789*#+"))) }
  }
  if random.below(10) == 0 { query = "+" + query }
  return query.isEmpty ? "2" : query
}

@Test("indexed search equals a straightforward scan: results, classes, highlights, order")
func contactSearchIndex_equalsScan() throws {
  var random = SplitMix64(seed: 7)
  for round in 0..<4 {
    var book = try ContactBook(capacity: 150 + round * 20)
    for _ in 0..<(100 + round * 10) { try book.add(randomContact(&random)) }
    for _ in 0..<10 { try? book.delete(at: random.below(100)) }
    for _ in 0..<5 { try book.add(randomContact(&random)) }
    for _ in 0..<20 { book.recordCall(at: random.below(100), time: Int64(random.below(50))) }
    for _ in 0..<200 {
      let query = randomQuery(&random, book)
      for limit in [3, 20, 500] {
        let expected = Reference.search(query, book, limit: limit)
        #expect(book.search(query, limit: limit) == expected, "query \(query) limit \(limit)")
      }
    }
  }
}

@Test("typed key by key: narrowing, back, and changes to the book between keys")
func contactSearchIndex_incrementalEqualsScan() throws {
  var random = SplitMix64(seed: 11)
  var book = try ContactBook(capacity: 300)
  for _ in 0..<250 { try book.add(randomContact(&random)) }
  var search = ContactSearch()
  for round in 0..<150 {
    let query = randomQuery(&random, book)
    search.clear()
    for key in query {
      search.type(key, in: book)
      let expected = Reference.rank(Reference.incremental(search.query, book), book, limit: 20)
      #expect(search.results(in: book) == expected, "query \(search.query)")
      #expect(search.results(in: book) == book.search(search.query), "query \(search.query)")
      #expect(search.rankedCount == expected.count)
      #expect(
        (0..<search.rankedCount).compactMap { search.ranked(at: $0)?.slot } == expected.map(\.slot))
      #expect(
        search.matchCount(in: book) == Reference.incremental(search.query, book).count,
        "query \(search.query)")
      if random.below(4) == 0 {
        let full = Reference.rank(Reference.incremental(search.query, book), book, limit: 40)
        #expect(search.results(in: book, limit: 40) == full)
      }
      if random.below(5) == 0 {
        search.deleteLast()
        #expect(
          search.results(in: book)
            == Reference.rank(Reference.incremental(search.query, book), book, limit: 20))
        search.type(key, in: book)
      }
    }
    // The book changes under a search in progress.
    switch round % 4 {
    case 0: book.recordCall(at: random.below(250), time: Int64(1000 + round))
    case 1: try? book.update(randomContact(&random), at: random.below(250))
    case 2:
      let slot = random.below(250)
      if let contact = book.contact(at: slot) {
        try book.delete(at: slot)
        try book.restore(contact, in: slot, order: book.insertionOrder(of: slot))
      }
    default: break
    }
    #expect(
      search.results(in: book)
        == Reference.rank(Reference.incremental(search.query, book), book, limit: 20))
  }
}

@Test("a leading + keeps every contact as a candidate, so +62 finds what 62 finds")
func contactSearchIndex_leadingPlus() throws {
  var book = try ContactBook(capacity: 10)
  try book.add(Contact(name: "Ann", numbers: [PhoneNumber("+62 812-3456-789")]))
  try book.add(Contact(name: "Nadia", numbers: [PhoneNumber("+1 555 0134")]))
  var search = ContactSearch()
  search.type("+", in: book)
  #expect(search.results(in: book).isEmpty)
  search.type("6", in: book)
  search.type("2", in: book)
  #expect(
    search.results(in: book).compactMap { book.contact(at: $0.slot)?.name } == ["Nadia", "Ann"])
  #expect(book.search("+62").map(\.slot) == search.results(in: book).map(\.slot))
}

@Test("the index is reserved for the capacity: bytes per contact do not grow as it fills")
func contactBook_bytesPerContact() throws {
  var book = try ContactBook(capacity: 2000)
  let empty = book.bytesPerContact
  var random = SplitMix64(seed: 3)
  for _ in 0..<2000 { try book.add(randomContact(&random)) }
  #expect(book.bytesPerContact == empty)
  #expect(book.indexBytesPerContact < book.bytesPerContact)
  // Records, key strings, masks and ranks: about 1.4 KB per slot, fixed.
  #expect(book.bytesPerContact < 1500, "\(book.bytesPerContact) bytes per contact")
}

@Test("the alphabetical order is the folded, lowercased names as strings, then insertion order")
func contactBook_alphabeticalOrder() throws {
  var book = try ContactBook(capacity: 600)
  var random = SplitMix64(seed: 11)
  for _ in 0..<500 { try book.add(randomContact(&random)) }
  for slot in stride(from: 0, to: 500, by: 7) { try book.delete(at: slot) }
  for _ in 0..<60 { try book.add(randomContact(&random)) }
  let expected = (0..<600).filter { book.contact(at: $0) != nil }.sorted { left, right in
    let a = LatinFolding.fold(book.contact(at: left)?.name ?? "").lowercased()
    let b = LatinFolding.fold(book.contact(at: right)?.name ?? "").lowercased()
    return a != b ? a < b : book.insertionOrder(of: left) < book.insertionOrder(of: right)
  }
  #expect(book.alphabetical == expected)
  #expect((0..<book.count).compactMap { book.slot(alphabeticalAt: $0) } == expected)
}
