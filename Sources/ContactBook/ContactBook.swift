/// The contact book: a fixed number of slots chosen when it is opened, the
/// contacts in small fixed-size records with their text in a bounded text
/// arena, their alphabetical order and the T9 search index.
///
/// Every byte the book uses is reserved when it is created (see
/// `bytesPerContact`): adding, editing and deleting write into that
/// storage. The contacts' text and their search keys are each packed in an
/// arena of `textBytesPerContact` bytes a slot on average (at least room
/// for a few of the longest contacts), so a book of short contacts reserves
/// far less than one record of the longest text per slot. A contact that
/// would exceed the capacity or the text arenas (`Contacts memory full`),
/// or a field over its limit, is refused with a message and nothing
/// already stored changes. A search allocates only the array of results it
/// returns; `ContactSearch` allocates nothing per key press, highlights
/// included.
public struct ContactBook: Sendable {
  /// The default capacity.
  public static let defaultCapacity = 1000
  /// The largest capacity.
  public static let maximumCapacity = 10_000
  /// The default average text per slot, for each of the two arenas (the
  /// contacts' text; their search keys): a contact with a name of 16
  /// letters and two numbers of 14 characters (11 digits each) takes 56
  /// bytes of text and 65 of keys, arena headers included. A book of
  /// richer contacts is opened with bigger arenas (see `BookFile`).
  public static let defaultTextBytesPerContact = 72
  /// The text per slot a book may be given: from a few characters to more
  /// than the longest contact takes, where no book is ever short of text.
  public static let textBytesPerContactRange = 16...1024
  /// Why a contact is refused when its text does not fit the arenas.
  public static let memoryFull = "Contacts memory full"
  /// However small the book, its arenas hold this many of the longest
  /// contacts.
  static let minimumLongestContacts = 4

  /// How many contacts fit.
  public let capacity: Int
  /// The average bytes of text per slot each text arena was sized for.
  public let textBytesPerContact: Int
  /// The contacts.
  private(set) var table: ContactTable
  /// The slots in use in alphabetical order.
  private var byName: SlotOrder
  private var nextOrder = 0
  /// How many contacts are stored.
  public private(set) var count = 0
  /// The search index.
  private(set) var index: SearchIndex
  /// Shared by the book and its copies; every change takes a new revision.
  let counter = RevisionCounter()
  /// The revision of this state of the book.
  public private(set) var revision = 0

  /// An empty book of `capacity` slots (1 ... 10,000) whose text arenas
  /// hold `textBytesPerContact` bytes a slot on average (16 ... 1,024).
  public init(
    capacity: Int = ContactBook.defaultCapacity,
    textBytesPerContact: Int = ContactBook.defaultTextBytesPerContact
  ) throws(ContactBookError) {
    guard (1...ContactBook.maximumCapacity).contains(capacity) else {
      throw ContactBookError(
        "Capacity must be 1 to \(ContactBook.maximumCapacity), not \(capacity)")
    }
    let range = ContactBook.textBytesPerContactRange
    guard range.contains(textBytesPerContact) else {
      throw ContactBookError(
        "Text per contact must be \(range.lowerBound) to \(range.upperBound) bytes, not \(textBytesPerContact)"
      )
    }
    self.init(validCapacity: capacity, textBytesPerContact: textBytesPerContact)
  }

  /// An empty book of one slot, for a phone that has no book yet.
  public static func placeholder() -> ContactBook {
    ContactBook(validCapacity: 1, textBytesPerContact: ContactBook.defaultTextBytesPerContact)
  }

  private init(validCapacity capacity: Int, textBytesPerContact: Int) {
    self.capacity = capacity
    self.textBytesPerContact = textBytesPerContact
    let longest = ContactBook.minimumLongestContacts
    table = ContactTable(
      capacity: capacity,
      textBytes: Swift.max(
        capacity * textBytesPerContact,
        longest * TextArena.regionBytes(ContactTable.maximumTextBytes)))
    byName = SlotOrder(capacity: capacity)
    index = SearchIndex(
      capacity: capacity,
      keyBytes: Swift.max(
        capacity * textBytesPerContact,
        longest * TextArena.regionBytes(SearchKeyStore.maximumKeyBytes)))
    revision = counter.next()
  }

  /// The bytes the text of `contact` (within the field limits) takes in
  /// each arena: its text, its search keys.
  static func textNeeds(of contact: Contact) -> (text: Int, keys: Int) {
    (
      TextArena.regionBytes(ContactTable.textBytes(of: contact)),
      TextArena.regionBytes(SearchKeyStore.textBytes(of: ContactKeys(contact)))
    )
  }

  /// The text per slot a book of `capacity` slots needs to hold `count`
  /// contacts whose text takes `needs` (summed `textNeeds`) and the
  /// default average for each free slot (the default if that is more):
  /// what a saved book is opened with, so it opens whole and keeps room to
  /// add to.
  static func textBytesPerContact(
    needs: (text: Int, keys: Int), count: Int, capacity: Int
  ) -> Int {
    let free = Swift.max(0, capacity - count) * ContactBook.defaultTextBytesPerContact
    let total = Swift.max(needs.text, needs.keys) + free
    let needed = (total + capacity - 1) / Swift.max(1, capacity)
    return Swift.min(
      Swift.max(needed, ContactBook.defaultTextBytesPerContact),
      ContactBook.textBytesPerContactRange.upperBound)
  }

  /// The bytes reserved per slot when the book is created: the contact
  /// records, the alphabetical order and the whole search index (key
  /// strings included). Nothing is allocated per contact afterwards.
  public var bytesPerContact: Int {
    (table.reservedBytes + byName.reservedBytes + index.reservedBytes)
      / capacity
  }

  /// The bytes of the search index alone per slot.
  public var indexBytesPerContact: Int { index.reservedBytes / capacity }

  /// The bytes of the contacts' text arena: in use (holes excluded), and
  /// its capacity.
  public var contactText: (used: Int, capacity: Int) {
    (table.text.liveBytes, table.text.capacity)
  }

  /// The bytes of the search keys' arena: in use, and its capacity.
  public var keyText: (used: Int, capacity: Int) {
    (index.keys.text.liveBytes, index.keys.text.capacity)
  }

  /// Whether the text arenas have room for all of `contacts` as well as the
  /// book's (slots are not counted: see `capacity` and `count`).
  public func hasTextRoom(for contacts: some Sequence<Contact>) -> Bool {
    var text = table.text.liveBytes
    var keys = index.keys.text.liveBytes
    for contact in contacts {
      let needs = ContactBook.textNeeds(of: contact)
      text += needs.text
      keys += needs.keys
    }
    return text <= table.text.capacity && keys <= index.keys.text.capacity
  }

  /// The contact in `slot`, if any (a value: its strings are allocated).
  public func contact(at slot: Int) -> Contact? {
    guard (0..<capacity).contains(slot) else { return nil }
    return table.contact(at: slot)
  }

  /// The slots in use, in alphabetical order: names with accents folded
  /// (as for T9) and lowercased, compared by scalar, then insertion order.
  public var alphabetical: [Int] { byName.all }

  /// The slot at `position` of the alphabetical order, without allocating.
  public func slot(alphabeticalAt position: Int) -> Int? {
    (0..<byName.count).contains(position) ? byName[position] : nil
  }

  /// Adds a contact; returns its slot.
  @discardableResult
  public mutating func add(_ contact: Contact) throws(ContactBookError) -> Int {
    if let problem = contact.problem { throw ContactBookError(problem) }
    guard count < capacity, let slot = (0..<capacity).first(where: { !table.isUsed($0) }) else {
      throw ContactBookError("Contacts full (\(count)/\(capacity))")
    }
    try put(contact, in: slot, order: nextOrder)
    nextOrder += 1
    return slot
  }

  /// Puts a contact in a given slot (loading a saved book). A contact the
  /// book cannot hold is refused.
  public mutating func restore(_ contact: Contact, in slot: Int, order insertion: Int)
    throws(ContactBookError)
  {
    if let problem = contact.problem { throw ContactBookError(problem) }
    guard (0..<capacity).contains(slot) else { throw ContactBookError("No slot \(slot)") }
    try put(contact, in: slot, order: insertion)
    nextOrder = Swift.max(nextOrder, insertion + 1)
  }

  /// Replaces the contact in `slot`.
  public mutating func update(_ contact: Contact, at slot: Int) throws(ContactBookError) {
    if let problem = contact.problem { throw ContactBookError(problem) }
    guard (0..<capacity).contains(slot), table.isUsed(slot) else {
      throw ContactBookError("No contact \(slot)")
    }
    try put(contact, in: slot, order: table.order(slot))
  }

  /// Removes the contact in `slot`.
  public mutating func delete(at slot: Int) throws(ContactBookError) {
    guard (0..<capacity).contains(slot), table.isUsed(slot) else {
      throw ContactBookError("No contact \(slot)")
    }
    unlink(slot)
    table.clear(slot)
    count -= 1
    revision = counter.next()
  }

  /// Notes a call: times used goes up, last used becomes `time`.
  public mutating func recordCall(at slot: Int, time: Int64) {
    guard (0..<capacity).contains(slot), table.isUsed(slot) else { return }
    index.removeRank(slot)
    table.setUse(slot, times: table.timesUsed(slot) + 1, last: time)
    insertRank(slot)
    revision = counter.next()
  }

  /// The insertion order of a slot (ties after the folded name).
  public func insertionOrder(of slot: Int) -> Int { table.order(slot) }

  /// Stores `contact` (which passed `Contact.problem`) in `slot`, or
  /// refuses it, changing nothing, when its text does not fit the arenas
  /// even in place of the slot's present contact.
  private mutating func put(_ contact: Contact, in slot: Int, order: Int)
    throws(ContactBookError)
  {
    let keys = ContactKeys(contact)
    guard table.fits(contact, in: slot), index.keys.fits(keys, in: slot) else {
      throw ContactBookError(ContactBook.memoryFull)
    }
    if table.isUsed(slot) {
      unlink(slot)
    } else {
      count += 1
    }
    table.store(contact, order: order, in: slot)
    index.insert(keys, at: slot)
    insertRank(slot)
    let position = insertionPoint(of: slot)
    byName.insert(slot, at: position)
    revision = counter.next()
  }

  /// Takes `slot` out of the index and the orders (its record stays).
  private mutating func unlink(_ slot: Int) {
    index.removeRank(slot)
    index.remove(slot)
    if let position = byName.position(of: slot) {
      byName.remove(at: position)
    }
  }

  /// Where `slot` goes in the alphabetical order.
  private func insertionPoint(of slot: Int) -> Int {
    var low = 0
    var high = byName.count
    while low < high {
      let middle = (low + high) / 2
      if alphabeticallyPrecedes(slot, byName[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private func alphabeticallyPrecedes(_ left: Int, _ right: Int) -> Bool {
    let names = table.compareNames(left, right)
    if names != 0 { return names < 0 }
    let a = table.order(left)
    let b = table.order(right)
    return a != b ? a < b : left < right
  }

  private mutating func insertRank(_ slot: Int) {
    let table = self.table
    index.insertRank(slot) { left, right in ContactBook.precedes(left, right, table) }
  }

  /// The static ranking after the match class: starred, times used, last
  /// used, folded name, insertion order (then slot, as a stable sort of the
  /// slots would leave them).
  private static func precedes(_ left: Int, _ right: Int, _ table: ContactTable) -> Bool {
    guard table.isUsed(left), table.isUsed(right) else { return left < right }
    let starred = (table.starred(left), table.starred(right))
    if starred.0 != starred.1 { return starred.0 }
    let used = (table.timesUsed(left), table.timesUsed(right))
    if used.0 != used.1 { return used.0 > used.1 }
    let last = (table.lastUsed(left), table.lastUsed(right))
    if last.0 != last.1 { return last.0 > last.1 }
    let names = table.compareNames(left, right)
    if names != 0 { return names < 0 }
    let order = (table.order(left), table.order(right))
    if order.0 != order.1 { return order.0 < order.1 }
    return left < right
  }

  // MARK: - Search

  /// The contacts matching `query` (T9 digits; `*` and `#` match numbers
  /// only; a leading `+` is ignored), ranked, at most `limit`.
  public func search(_ query: String, limit: Int = 20) -> [ContactResult] {
    let parsed = ContactBook.parse(query)
    guard !parsed.number.isEmpty, limit > 0 else { return [] }
    return ContactBook.withDigits(parsed) { digits in
      ranked(in: index.candidates(for: digits), digits, limit: limit).compactMap {
        result(at: TopList.slot($0), digits, TopList.matchClass($0))
      }
    }
  }

  /// The ranking keys of the best `limit` matches of `digits` among
  /// `candidates`, best first.
  func ranked(in candidates: [UInt64], _ digits: QueryDigits, limit: Int) -> [UInt64] {
    candidates.withUnsafeBufferPointer { candidates in
      guard limit <= TopList.size else {
        return Array(index.allMatches(candidates, digits).sorted().prefix(limit))
      }
      var top = TopList(limit: limit)
      let layout = index.layout
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: layout.levels(2)) { scratch in
        // The candidates with bound 1 (any class), then the next level.
        layout.storeFirstLevel(candidates, to: scratch)
        let previous = UnsafeBufferPointer(rebasing: scratch[layout.level(0)])
        let next = UnsafeMutableBufferPointer(rebasing: scratch[layout.level(1)])
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
  /// characters of the best way to match, for highlighting); nil if it does
  /// not match. `known` is its match class if the index found it already
  /// (a number class spares matching the name). Allocates nothing.
  func result(at slot: Int, _ query: QueryDigits, _ known: UInt8 = 0) -> ContactResult? {
    guard (0..<capacity).contains(slot), table.isUsed(slot) else { return nil }
    return index.keys.withKeys(slot) { keys -> ContactResult? in
      if !query.name.isEmpty && known < UInt8(MatchClass.numberPrefix.rawValue),
        let found = KeyMatcher.matchName(query.name, keys, known: known),
        let matchClass = MatchClass(rawValue: Int(found.matchClass))
      {
        return ContactResult(
          slot: slot, matchClass: matchClass, numberIndex: table.numberCount(slot) > 0 ? 0 : nil,
          highlightsNumber: false, highlighted: found.highlight)
      }
      guard let found = KeyMatcher.matchNumber(query.number, keys),
        let matchClass = MatchClass(rawValue: Int(found.matchClass))
      else { return nil }
      let highlight = table.withNumberText(slot, found.number) { text in
        ContactBook.highlight(
          text, digits: found.start..<(found.start + query.number.count))
      }
      return ContactResult(
        slot: slot, matchClass: matchClass, numberIndex: found.number, highlightsNumber: true,
        highlighted: highlight)
    }
  }

  /// The characters of a number's text (ASCII) that hold its search digits
  /// (`0-9 * #`) `digits`.
  static func highlight(_ text: UnsafeBufferPointer<UInt8>, digits: Range<Int>) -> Highlight {
    var highlight = Highlight()
    var digit = 0
    for (index, byte) in text.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "#"):
        if digits.contains(digit) { highlight.insert(index) }
        digit += 1
      default: continue
      }
    }
    return highlight
  }
}
