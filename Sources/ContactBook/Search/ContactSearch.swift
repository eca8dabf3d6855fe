/// A T9 search typed key by key: each key narrows the previous key's
/// matches (a prefix of a matching query matches too), and `back` restores
/// the previous key's matches without searching again. The one exception is
/// the first name digit after keys names ignore (`*`, `#`, `+`): it searches
/// every contact again, so a query typed key by key always finds what
/// `ContactBook.search` finds for the whole query.
///
/// Each key press keeps the best 20 matches in rank order and the
/// candidates for the next key as bitsets of the book's slots (with a lower
/// bound of each one's match class, so that a candidate that cannot reach
/// the best 20 is only matched by a later key), in storage reserved on the
/// first key and kept by `clear()`: in steady state a key press allocates
/// nothing (up to 15 keys, the length of a query `String` stores inline). A
/// key typed, or results asked for, after the book changed (any add,
/// update, delete, restore or call) searches the whole query again on the
/// new book.
public struct ContactSearch: Sendable {
  /// How many ranked results each key press keeps.
  public static let rankedLimit = TopList.size

  /// The query typed so far.
  public private(set) var query = ""
  /// The parsed query: digits for names, digits for numbers (`*` 10, `#` 11).
  private var name: [UInt8] = []
  private var number: [UInt8] = []
  /// Per key: how many digits it added to `name` (high nibble) and to
  /// `number` (low nibble).
  private var added: [UInt8] = []
  /// Per level, a class set of the book's slots: the candidates after k
  /// keys (every match, perhaps more) with a lower bound of each one's
  /// match class. Level 0 is every contact.
  private var bits: [UInt64] = []
  /// Per key, the ranking keys of the best matches, and how many.
  private var tops: [UInt64] = []
  private var topCounts: [UInt8] = []
  /// The book state the levels were computed on.
  private var counter: RevisionCounter?
  private var revision = 0
  private var layout = SearchIndexLayout(capacity: 0)

  /// Levels reserved on the first key.
  private static let reservedLevels = 32

  /// An empty search.
  public init() {}

  /// Adds a key (`0`–`9`, `*`, `#`, `+`) and narrows the matches.
  public mutating func type(_ key: Character, in book: ContactBook) {
    if !isCurrent(for: book) { recompute(on: book) }
    query.append(key)
    push(key, book)
  }

  /// Removes the last key, restoring the previous matches.
  public mutating func deleteLast() {
    guard !query.isEmpty else { return }
    query.removeLast()
    guard let last = added.popLast() else { return }
    name.removeLast(Swift.min(Int(last >> 4), name.count))
    number.removeLast(Swift.min(Int(last & 15), number.count))
    bits.removeLast(Swift.min(layout.classSetSize, bits.count))
    tops.removeLast(Swift.min(ContactSearch.rankedLimit, tops.count))
    topCounts.removeLast()
  }

  /// Searches the query again if `book` changed since the last key, so
  /// that `rankedCount` and `result(at:in:)` describe `book`.
  public mutating func refresh(in book: ContactBook) {
    if !query.isEmpty && !isCurrent(for: book) { recompute(on: book) }
  }

  /// Clears the query.
  public mutating func clear() {
    query = ""
    reset()
  }

  /// The ranked results for the query so far (empty query: none).
  public func results(in book: ContactBook, limit: Int = 20) -> [ContactResult] {
    guard !query.isEmpty, !number.isEmpty, limit > 0 else { return [] }
    guard isCurrent(for: book), limit <= ContactSearch.rankedLimit else {
      var fresh = self
      fresh.recompute(on: book)
      return fresh.allResults(in: book, limit: limit)
    }
    let shown = Swift.min(limit, rankedCount)
    var results: [ContactResult] = []
    results.reserveCapacity(shown)
    for index in 0..<shown {
      if let result = result(at: index, in: book) { results.append(result) }
    }
    return results
  }

  /// The ranked result `index` (`0..<rankedCount`) as of the last key
  /// typed, with what matched, for highlighting: allocates nothing, so a
  /// screen can show its visible rows on every key press. Nil if `book`
  /// changed since (ask `results(in:limit:)`, which searches again).
  public func result(at index: Int, in book: ContactBook) -> ContactResult? {
    guard index >= 0, index < rankedCount, isCurrent(for: book) else { return nil }
    let key = tops[(added.count - 1) * ContactSearch.rankedLimit + index]
    return ContactBook.withDigits((name, number)) { digits in
      book.result(at: TopList.slot(key), digits, TopList.matchClass(key))
    }
  }

  /// How many contacts of `book` match the query so far (0 for an empty
  /// query). Counting matches every candidate left, so it is not done per
  /// key press.
  public func matchCount(in book: ContactBook) -> Int {
    guard !query.isEmpty, !number.isEmpty else { return 0 }
    guard isCurrent(for: book) else {
      var fresh = self
      fresh.recompute(on: book)
      return fresh.matchCount(in: book)
    }
    let level = layout.level(added.count)
    return bits.withUnsafeBufferPointer { bits in
      ContactBook.withDigits((name, number)) { digits in
        book.index.countMatches(UnsafeBufferPointer(rebasing: bits[level]), digits)
      }
    }
  }

  /// How many ranked results the last key kept: the first
  /// `min(matchCount, rankedLimit)` of the ranking.
  public var rankedCount: Int { topCounts.last.map { Int($0) } ?? 0 }

  /// The slot and match class of the ranked result `index`
  /// (`0..<rankedCount`), as of the last key typed. `results(in:limit:)`
  /// adds what matched, for highlighting.
  public func ranked(at index: Int) -> (slot: Int, matchClass: MatchClass)? {
    guard index >= 0, index < rankedCount else { return nil }
    let key = tops[(added.count - 1) * ContactSearch.rankedLimit + index]
    guard let matchClass = MatchClass(rawValue: Int(TopList.matchClass(key))) else { return nil }
    return (TopList.slot(key), matchClass)
  }

  // MARK: - Levels

  private func isCurrent(for book: ContactBook) -> Bool {
    counter === book.counter && revision == book.revision
      && layout.words == book.index.layout.words
      && bits.count == layout.levels(added.count + 1)
  }

  /// Starts again on `book` and types the query so far.
  private mutating func recompute(on book: ContactBook) {
    let words = layout.words
    layout = book.index.layout
    if layout.words != words {
      bits = []
      bits.reserveCapacity(layout.levels(ContactSearch.reservedLevels + 1))
      tops = []
      tops.reserveCapacity(ContactSearch.reservedLevels * ContactSearch.rankedLimit)
      name.reserveCapacity(ContactSearch.reservedLevels)
      number.reserveCapacity(ContactSearch.reservedLevels)
      added.reserveCapacity(ContactSearch.reservedLevels)
      topCounts.reserveCapacity(ContactSearch.reservedLevels)
    }
    reset()
    counter = book.counter
    revision = book.revision
    let layout = layout
    bits.append(contentsOf: repeatElement(0, count: layout.classSetSize))
    book.index.occupied.withUnsafeBufferPointer { occupied in
      bits.withUnsafeMutableBufferPointer { bits in layout.storeFirstLevel(occupied, to: bits) }
    }
    for key in query { push(key, book) }
  }

  private mutating func reset() {
    name.removeAll(keepingCapacity: true)
    number.removeAll(keepingCapacity: true)
    added.removeAll(keepingCapacity: true)
    bits.removeAll(keepingCapacity: true)
    tops.removeAll(keepingCapacity: true)
    topCounts.removeAll(keepingCapacity: true)
    counter = nil
  }

  /// Adds the level for one more key.
  private mutating func push(_ key: Character, _ book: ContactBook) {
    var namesAdded: UInt8 = 0
    var numbersAdded: UInt8 = 0
    for scalar in key.unicodeScalars {
      switch scalar {
      case "0"..."9":
        let digit = UInt8(truncatingIfNeeded: scalar.value - 48)
        name.append(digit)
        number.append(digit)
        namesAdded &+= 1
        numbersAdded &+= 1
      case "*":
        number.append(10)
        numbersAdded &+= 1
      case "#":
        number.append(11)
        numbersAdded &+= 1
      default:
        continue
      }
    }
    added.append(namesAdded << 4 | numbersAdded & 15)
    let level = added.count
    let layout = layout
    let nameBefore = name.count - Int(namesAdded)
    bits.append(contentsOf: repeatElement(0, count: layout.classSetSize))
    tops.append(contentsOf: repeatElement(0, count: ContactSearch.rankedLimit))
    if numbersAdded == 0 || number.isEmpty {
      // The parsed query did not change (or has no digit yet, `+`): the
      // same candidates and the same results.
      bits.withUnsafeMutableBufferPointer { bits in
        for (to, from) in zip(layout.level(level), layout.level(level - 1)) {
          bits[to] = bits[from]
        }
      }
      let base = (level - 1) * ContactSearch.rankedLimit
      if level >= 2 && !number.isEmpty {
        for index in 0..<ContactSearch.rankedLimit {
          tops[base + index] = tops[base - ContactSearch.rankedLimit + index]
        }
        topCounts.append(topCounts.last ?? 0)
      } else {
        topCounts.append(0)
      }
      return
    }
    var top = TopList(limit: ContactSearch.rankedLimit)
    name.withUnsafeBufferPointer { name in
      number.withUnsafeBufferPointer { number in
        let numberIsPlain = name.count == number.count
        let digits = QueryDigits(name: name, number: number, numberIsPlain: numberIsPlain)
        bits.withUnsafeMutableBufferPointer { bits in
          // The keys so far were `*`, `#` or `+` only, which names ignore:
          // the first name digit can match contacts the previous keys did
          // not (`*8` finds names with 8), so it starts from every contact.
          let from = nameBefore == 0 && !name.isEmpty ? 0 : level - 1
          let previous = UnsafeBufferPointer(rebasing: bits[layout.level(from)])
          let next = UnsafeMutableBufferPointer(rebasing: bits[layout.level(level)])
          book.index.narrow(previous, into: next, digits, top: &top)
        }
      }
    }
    let base = (level - 1) * ContactSearch.rankedLimit
    for index in 0..<top.count { tops[base + index] = top.keys[index] }
    topCounts.append(UInt8(top.count))
  }

  /// Every match of the last level, ranked, at most `limit`.
  private func allResults(in book: ContactBook, limit: Int) -> [ContactResult] {
    guard let level = added.indices.last.map({ $0 + 1 }) else { return [] }
    let set = layout.level(level).lowerBound
    let candidates = bits.withUnsafeBufferPointer { bits in
      (0..<layout.words).map { word in layout.anyClass(bits, at: set, word: word) }
    }
    return ContactBook.withDigits((name, number)) { digits in
      book.ranked(in: candidates, digits, limit: limit).compactMap {
        book.result(at: TopList.slot($0), digits, TopList.matchClass($0))
      }
    }
  }
}
