import TextFolding

/// The contact book: a fixed number of slots chosen when it is opened, and
/// the T9 search index of every contact.
///
/// A contact that would exceed the capacity, or a field over its limit, is
/// refused with a message and nothing already stored changes.
///
/// The search index is flat storage reserved for the capacity when the book
/// is created (see `bytesPerContact`); a search allocates only the results
/// it returns, and `ContactSearch` allocates nothing per key press.
public struct ContactBook: Sendable {
  /// The default capacity.
  public static let defaultCapacity = 1000
  /// The largest capacity.
  public static let maximumCapacity = 10_000

  /// How many contacts fit.
  public let capacity: Int
  private var slots: [Entry?]
  private var order: [Int]  // insertion order per slot
  private var nextOrder = 0
  /// How many contacts are stored.
  public private(set) var count = 0
  /// The search index.
  private(set) var index: SearchIndex
  /// Shared by the book and its copies; every change takes a new revision.
  let counter = RevisionCounter()
  /// The revision of this state of the book.
  private(set) var revision = 0

  struct Entry: Sendable {
    var contact: Contact
    var foldedName: String
  }

  /// An empty book of `capacity` slots (1 ... 10,000).
  public init(capacity: Int = ContactBook.defaultCapacity) throws(ContactBookError) {
    guard (1...ContactBook.maximumCapacity).contains(capacity) else {
      throw ContactBookError(
        "Capacity must be 1 to \(ContactBook.maximumCapacity), not \(capacity)")
    }
    self.init(validCapacity: capacity)
  }

  /// An empty book of one slot, for a phone that has no book yet.
  public static func placeholder() -> ContactBook { ContactBook(validCapacity: 1) }

  private init(validCapacity capacity: Int) {
    self.capacity = capacity
    slots = [Entry?](repeating: nil, count: capacity)
    order = [Int](repeating: 0, count: capacity)
    index = SearchIndex(capacity: capacity)
    revision = counter.next()
  }

  /// The bytes reserved per slot when the book is created: the slot table
  /// (a contact's fields and its folded name), insertion orders and the
  /// whole search index. Text longer than 15 UTF-8 bytes and the list of
  /// numbers live on the heap in addition, as do the key strings of the
  /// rare contacts too long for the index.
  public var bytesPerContact: Int {
    (slots.capacity * MemoryLayout<Entry?>.stride + order.capacity * MemoryLayout<Int>.stride
      + index.reservedBytes) / capacity
  }

  /// The bytes of the search index alone per slot.
  public var indexBytesPerContact: Int { index.reservedBytes / capacity }

  /// The contact in `slot`, if any.
  public func contact(at slot: Int) -> Contact? {
    guard slots.indices.contains(slot) else { return nil }
    return slots[slot]?.contact
  }

  /// The slots in use, in alphabetical (folded name) order.
  public var alphabetical: [Int] {
    slots.indices.filter { slots[$0] != nil }.sorted { left, right in
      let a = slots[left]?.foldedName ?? ""
      let b = slots[right]?.foldedName ?? ""
      return a != b ? a < b : order[left] < order[right]
    }
  }

  /// Adds a contact; returns its slot.
  @discardableResult
  public mutating func add(_ contact: Contact) throws(ContactBookError) -> Int {
    if let problem = contact.problem { throw ContactBookError(problem) }
    guard let slot = slots.firstIndex(where: { $0 == nil }) else {
      throw ContactBookError("Contacts full (\(count)/\(capacity))")
    }
    order[slot] = nextOrder
    nextOrder += 1
    count += 1
    put(contact, in: slot)
    return slot
  }

  /// Puts a contact in a given slot (loading a saved book).
  public mutating func restore(_ contact: Contact, in slot: Int, order insertion: Int) {
    guard slots.indices.contains(slot) else { return }
    if slots[slot] == nil { count += 1 }
    order[slot] = insertion
    nextOrder = Swift.max(nextOrder, insertion + 1)
    put(contact, in: slot)
  }

  /// Replaces the contact in `slot`.
  public mutating func update(_ contact: Contact, at slot: Int) throws(ContactBookError) {
    if let problem = contact.problem { throw ContactBookError(problem) }
    guard slots.indices.contains(slot), slots[slot] != nil else {
      throw ContactBookError("No contact \(slot)")
    }
    put(contact, in: slot)
  }

  /// Removes the contact in `slot`.
  public mutating func delete(at slot: Int) throws(ContactBookError) {
    guard slots.indices.contains(slot), slots[slot] != nil else {
      throw ContactBookError("No contact \(slot)")
    }
    index.removeRank(slot)
    index.remove(slot)
    slots[slot] = nil
    count -= 1
    revision = counter.next()
  }

  /// Notes a call: times used goes up, last used becomes `time`.
  public mutating func recordCall(at slot: Int, time: Int64) {
    guard var entry = slots.indices.contains(slot) ? slots[slot] : nil else { return }
    entry.contact.timesUsed += 1
    entry.contact.lastUsed = time
    index.removeRank(slot)
    slots[slot] = entry
    insertRank(slot)
    revision = counter.next()
  }

  /// The insertion order of a slot (ties after the folded name).
  public func insertionOrder(of slot: Int) -> Int { order[slot] }

  private mutating func put(_ contact: Contact, in slot: Int) {
    if slots[slot] != nil {
      index.removeRank(slot)
      index.remove(slot)
    }
    slots[slot] = Entry(contact: contact, foldedName: LatinFolding.fold(contact.name).lowercased())
    index.insert(ContactKeys(contact), at: slot)
    insertRank(slot)
    revision = counter.next()
  }

  private mutating func insertRank(_ slot: Int) {
    let slots = self.slots
    let order = self.order
    index.insertRank(slot) { left, right in
      ContactBook.precedes(left, right, slots, order)
    }
  }

  /// The static ranking after the match class: starred, times used, last
  /// used, folded name, insertion order (then slot, as a stable sort of the
  /// slots would leave them).
  private static func precedes(_ left: Int, _ right: Int, _ slots: [Entry?], _ order: [Int])
    -> Bool
  {
    guard let a = slots[left], let b = slots[right] else { return left < right }
    if a.contact.starred != b.contact.starred { return a.contact.starred }
    if a.contact.timesUsed != b.contact.timesUsed {
      return a.contact.timesUsed > b.contact.timesUsed
    }
    if a.contact.lastUsed != b.contact.lastUsed { return a.contact.lastUsed > b.contact.lastUsed }
    if a.foldedName != b.foldedName { return a.foldedName < b.foldedName }
    if order[left] != order[right] { return order[left] < order[right] }
    return left < right
  }

  // MARK: - Search

  /// The contacts matching `query` (T9 digits; `*` and `#` match numbers
  /// only; a leading `+` is ignored), ranked, at most `limit`.
  public func search(_ query: String, limit: Int = 20) -> [ContactResult] {
    let parsed = ContactBook.parse(query)
    guard !parsed.number.isEmpty, limit > 0 else { return [] }
    let keys = ContactBook.withDigits(parsed) { digits in
      ranked(in: index.candidates(for: digits), digits, limit: limit)
    }
    return keys.compactMap { result(at: TopList.slot($0), parsed, TopList.matchClass($0)) }
  }

  /// The slots among `candidates` that match `query`, with how.
  public func match(_ query: String, in candidates: [Int]) -> [ContactResult] {
    let parsed = ContactBook.parse(query)
    guard !parsed.number.isEmpty else { return [] }
    let matching = ContactBook.withDigits(parsed) { digits in
      index.planes.withUnsafeBufferPointer { planes in
        candidates.filter { slot in
          slots.indices.contains(slot) && slots[slot] != nil
            && index.matchClass(slot, digits, planes: planes) != 0
        }
      }
    }
    return matching.compactMap { result(at: $0, parsed) }
  }

  /// Ranks results: match class, starred, times used, last used, folded
  /// name, insertion order.
  public func rank(_ results: [ContactResult], limit: Int) -> [ContactResult] {
    func key(_ result: ContactResult) -> (Int, Int) {
      guard slots.indices.contains(result.slot), slots[result.slot] != nil else {
        return (result.matchClass.rawValue, Int.max)
      }
      return (result.matchClass.rawValue, Int(index.rankOf[result.slot]))
    }
    let sorted = results.sorted { key($0) < key($1) }
    return Array(sorted.prefix(Swift.max(0, limit)))
  }

  /// The ranking keys of the best `limit` matches of `digits` among
  /// `candidates`, best first.
  func ranked(in candidates: [UInt64], _ digits: QueryDigits, limit: Int) -> [UInt64] {
    candidates.withUnsafeBufferPointer { candidates in
      guard limit <= TopList.size else {
        return Array(index.allMatches(candidates, digits).sorted().prefix(limit))
      }
      var top = TopList(limit: limit)
      let size = SearchIndex.classBits * index.words
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * size) { scratch in
        // The candidates with bound 1 (any class), then the next level.
        for word in 0..<size { scratch[word] = word < index.words ? candidates[word] : 0 }
        let previous = UnsafeBufferPointer(rebasing: scratch[0..<size])
        let next = UnsafeMutableBufferPointer(rebasing: scratch[size..<(2 * size)])
        index.narrow(previous, into: next, digits, top: &top)
      }
      return (0..<top.count).map { top.keys[$0] }
    }
  }

  /// The query's digits for names (0–9 only) and for numbers (with `*` as
  /// 10 and `#` as 11), a leading `+` dropped.
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

  /// Calls `body` with the matcher's view of parsed digits.
  static func withDigits<Result>(
    _ parsed: (name: [UInt8], number: [UInt8]), _ body: (QueryDigits) -> Result
  ) -> Result {
    parsed.name.withUnsafeBufferPointer { name in
      parsed.number.withUnsafeBufferPointer { number in
        body(
          QueryDigits(
            name: name, number: number, numberIsPlain: !number.contains(where: { $0 > 9 })))
      }
    }
  }

  /// The result for `slot` with what matched, by the exact rules (the
  /// positions of the best way to match, for highlighting); nil if it does
  /// not match. `known` is its match class if the index found it already
  /// (a number class spares matching the name).
  func result(at slot: Int, _ query: (name: [UInt8], number: [UInt8]), _ known: UInt8 = 0)
    -> ContactResult?
  {
    guard slots.indices.contains(slot), let entry = slots[slot] else { return nil }
    let contact = entry.contact
    if !query.name.isEmpty && known < UInt8(MatchClass.numberPrefix.rawValue) {
      var keys = SearchKeys(contact.name)
      let nameTokens = keys.tokenStarts.count
      let nameLength = contact.name.count
      keys.append(SearchKeys(contact.nickname), sourceOffset: nameLength)
      keys.append(
        SearchKeys(contact.organisation), sourceOffset: nameLength + contact.nickname.count)
      if let found = NameMatcher.match(query.name, keys, nameTokens: nameTokens) {
        let sources = found.positions.map { keys.sources[$0] }
        return ContactResult(
          slot: slot, matchClass: found.matchClass,
          numberIndex: contact.numbers.isEmpty ? nil : 0, highlightsNumber: false,
          highlighted: found.matchClass == .keyword ? sources.filter { $0 < nameLength } : sources)
      }
    }
    var best: ContactResult?
    for (number, phone) in contact.numbers.enumerated() {
      let digits = phone.searchDigits
      guard let start = ContactBook.find(query.number, in: digits.digits) else { continue }
      let matchClass: MatchClass = start == 0 ? .numberPrefix : .numberElsewhere
      if let current = best, current.matchClass <= matchClass { continue }
      best = ContactResult(
        slot: slot, matchClass: matchClass, numberIndex: number, highlightsNumber: true,
        highlighted: Array(digits.sources[start..<(start + query.number.count)]))
    }
    return best
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count) {
      var equal = true
      for offset in 0..<needle.count where haystack[start + offset] != needle[offset] {
        equal = false
        break
      }
      if equal { return start }
    }
    return nil
  }
}
