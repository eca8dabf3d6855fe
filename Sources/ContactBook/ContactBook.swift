import TextFolding

/// The contact book: a fixed number of slots chosen when it is opened, and
/// the T9 search index of every contact.
///
/// A contact that would exceed the capacity, or a field over its limit, is
/// refused with a message and nothing already stored changes.
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

  struct Entry: Sendable {
    var contact: Contact
    var keys: SearchKeys
    var nameTokens: Int
    var foldedName: String
    var numbers: [(digits: [UInt8], sources: [Int])]
  }

  /// An empty book of `capacity` slots (1 ... 10,000).
  public init(capacity: Int = ContactBook.defaultCapacity) throws(ContactBookError) {
    guard (1...ContactBook.maximumCapacity).contains(capacity) else {
      throw ContactBookError(
        "Capacity must be 1 to \(ContactBook.maximumCapacity), not \(capacity)")
    }
    self.capacity = capacity
    slots = [Entry?](repeating: nil, count: capacity)
    order = [Int](repeating: 0, count: capacity)
  }

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
    put(contact, in: slot)
    order[slot] = nextOrder
    nextOrder += 1
    count += 1
    return slot
  }

  /// Puts a contact in a given slot (loading a saved book).
  public mutating func restore(_ contact: Contact, in slot: Int, order insertion: Int) {
    guard slots.indices.contains(slot) else { return }
    if slots[slot] == nil { count += 1 }
    put(contact, in: slot)
    order[slot] = insertion
    nextOrder = Swift.max(nextOrder, insertion + 1)
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
    slots[slot] = nil
    count -= 1
  }

  /// Notes a call: times used goes up, last used becomes `time`.
  public mutating func recordCall(at slot: Int, time: Int64) {
    guard var entry = slots.indices.contains(slot) ? slots[slot] : nil else { return }
    entry.contact.timesUsed += 1
    entry.contact.lastUsed = time
    slots[slot] = entry
  }

  /// The insertion order of a slot (ties after the folded name).
  public func insertionOrder(of slot: Int) -> Int { order[slot] }

  private mutating func put(_ contact: Contact, in slot: Int) {
    var keys = SearchKeys(contact.name)
    let nameTokens = keys.tokenStarts.count
    let nameLength = contact.name.count
    keys.append(SearchKeys(contact.nickname), sourceOffset: nameLength)
    keys.append(SearchKeys(contact.organisation), sourceOffset: nameLength + contact.nickname.count)
    slots[slot] = Entry(
      contact: contact, keys: keys, nameTokens: nameTokens,
      foldedName: LatinFolding.fold(contact.name).lowercased(),
      numbers: contact.numbers.map(\.searchDigits))
  }

  // MARK: - Search

  /// The contacts matching `query` (T9 digits; `*` and `#` match numbers
  /// only; a leading `+` is ignored), ranked, at most `limit`.
  public func search(_ query: String, limit: Int = 20) -> [ContactResult] {
    rank(match(query, in: slots.indices.filter { slots[$0] != nil }), limit: limit)
  }

  /// The slots among `candidates` that match `query`, with how.
  public func match(_ query: String, in candidates: [Int]) -> [ContactResult] {
    let parsed = ContactBook.parse(query)
    guard !parsed.number.isEmpty else { return [] }
    var results: [ContactResult] = []
    for slot in candidates {
      guard let entry = slots[slot] else { continue }
      if let result = match(parsed, entry, slot) { results.append(result) }
    }
    return results
  }

  /// Ranks results: match class, starred, times used, last used, folded
  /// name, insertion order.
  public func rank(_ results: [ContactResult], limit: Int) -> [ContactResult] {
    let sorted = results.sorted { left, right in
      if left.matchClass != right.matchClass { return left.matchClass < right.matchClass }
      guard let a = slots[left.slot], let b = slots[right.slot] else { return false }
      if a.contact.starred != b.contact.starred { return a.contact.starred }
      if a.contact.timesUsed != b.contact.timesUsed {
        return a.contact.timesUsed > b.contact.timesUsed
      }
      if a.contact.lastUsed != b.contact.lastUsed { return a.contact.lastUsed > b.contact.lastUsed }
      if a.foldedName != b.foldedName { return a.foldedName < b.foldedName }
      return order[left.slot] < order[right.slot]
    }
    return Array(sorted.prefix(limit))
  }

  /// The query's digits for names (0–9 only) and for numbers (with `*` as
  /// 10 and `#` as 11), a leading `+` dropped.
  static func parse(_ query: String) -> (name: [UInt8], number: [UInt8]) {
    var name: [UInt8] = []
    var number: [UInt8] = []
    var first = true
    for scalar in query.unicodeScalars {
      defer { first = false }
      switch scalar {
      case "0"..."9":
        name.append(UInt8(scalar.value - 48))
        number.append(UInt8(scalar.value - 48))
      case "*": number.append(10)
      case "#": number.append(11)
      case "+" where first: continue
      default: continue
      }
    }
    return (name, number)
  }

  private func match(_ query: (name: [UInt8], number: [UInt8]), _ entry: Entry, _ slot: Int)
    -> ContactResult?
  {
    if !query.name.isEmpty,
      let found = NameMatcher.match(query.name, entry.keys, nameTokens: entry.nameTokens)
    {
      let sources = found.positions.map { entry.keys.sources[$0] }
      let nameLength = entry.contact.name.count
      return ContactResult(
        slot: slot, matchClass: found.matchClass,
        numberIndex: entry.contact.numbers.isEmpty ? nil : 0, highlightsNumber: false,
        highlighted: found.matchClass == .keyword ? sources.filter { $0 < nameLength } : sources)
    }
    var best: ContactResult?
    for (index, number) in entry.numbers.enumerated() {
      guard let start = ContactBook.find(query.number, in: number.digits) else { continue }
      let matchClass: MatchClass = start == 0 ? .numberPrefix : .numberElsewhere
      if let current = best, current.matchClass <= matchClass { continue }
      best = ContactResult(
        slot: slot, matchClass: matchClass, numberIndex: index, highlightsNumber: true,
        highlighted: Array(number.sources[start..<(start + query.number.count)]))
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
