/// What the phone learned from its user: words they chose (with how often
/// and how recently), words they spelled, and (previous word → word) pairs.
///
/// It lives in a fixed byte budget (default 64 KiB) of 32-byte records,
/// reserved when it is created; when it is full the least recently used
/// record makes room. Pairs may fill at most `maximumPairRecords` of the
/// records (they are far more numerous than words, and would otherwise push
/// the words out): a new pair beyond that replaces the least recently used
/// pair. `serialized()` gives the bytes to save; loading checks them (magic,
/// version, size, checksum, every record) and refuses a damaged store with
/// an error instead of trusting it.
public struct UserDictionary {
  /// Bytes per record.
  public static let recordSize = 32
  /// Bytes of the saved header.
  public static let headerSize = 32
  /// The longest word it can learn, in UTF-8 bytes.
  public static let maximumWordBytes = 24
  /// The default budget.
  public static let defaultBudget = 64 * 1024
  /// The default share of the records that pairs may fill.
  public static let defaultPairShare = 0.25
  static let magic: [UInt8] = Array("T9PHUSER".utf8)
  static let version = 1

  /// The byte budget, header included.
  public let budget: Int
  /// How many records fit.
  public let capacity: Int
  /// The language it belongs to (`en`).
  public let language: String
  /// The most records pairs may fill (by default `defaultPairShare` of the
  /// capacity); 0 learns no pairs.
  public var maximumPairRecords: Int

  private enum Kind: UInt8 {
    case free = 0
    case word = 1
    case spelled = 2
    case pair = 3
  }

  private var records: [UInt8]
  private var keys: [UInt64]
  private var table: [UInt16]
  private var sortedWords: [UInt16]
  /// Each word slot's first 16 keys, four bits each (the first in the
  /// lowest bits), and how many keys the word has: worked out from the
  /// record when a word is stored or loaded, never saved. Typing searches
  /// the words by their keys at every key press, and spelling a word's
  /// keys out of its UTF-8 each time costs more than the search.
  private var packedKeys: [UInt64]
  private var keyCounts: [UInt8]
  // Least-recently-used order: one doubly linked list over the word slots
  // and one over the pair slots (`capacity` marks the ends), most recent at
  // the head of each; and the free slots.
  private var newer: [UInt16]
  private var older: [UInt16]
  private var newest: (words: Int, pairs: Int)
  private var oldest: (words: Int, pairs: Int)
  private var freeSlots: [UInt16]
  private var tick: UInt32 = 0
  /// How many records are in use.
  public private(set) var recordCount = 0
  /// How many of them are pairs.
  public private(set) var pairRecordCount = 0
  /// How many times the words it holds were chosen or spelled, in all: the
  /// size of the sample its word counts come from.
  public private(set) var totalWordCount = 0
  /// Grows by one with every change, so a saver can tell whether to save.
  public private(set) var changeCount = 0

  /// An empty store of `budget` bytes.
  public init(budget: Int = UserDictionary.defaultBudget, language: String) {
    self.budget = budget
    self.language = language
    capacity = Swift.max(1, (budget - UserDictionary.headerSize) / UserDictionary.recordSize)
    maximumPairRecords = Int(Double(capacity) * UserDictionary.defaultPairShare)
    records = [UInt8](repeating: 0, count: capacity * UserDictionary.recordSize)
    keys = [UInt64](repeating: 0, count: capacity)
    packedKeys = [UInt64](repeating: 0, count: capacity)
    keyCounts = [UInt8](repeating: 0, count: capacity)
    var size = 1
    while size < capacity * 2 { size <<= 1 }
    table = [UInt16](repeating: 0, count: size)
    sortedWords = []
    sortedWords.reserveCapacity(capacity)
    newer = [UInt16](repeating: UInt16(capacity), count: capacity)
    older = [UInt16](repeating: UInt16(capacity), count: capacity)
    newest = (capacity, capacity)
    oldest = (capacity, capacity)
    freeSlots = (0..<capacity).reversed().map { UInt16($0) }
  }

  /// Loads a saved store; `file` names it in errors.
  public init(
    bytes: [UInt8], budget: Int = UserDictionary.defaultBudget, language: String, file: String
  ) throws(UserDictionaryError) {
    self.init(budget: budget, language: language)
    func fail(_ message: String) -> UserDictionaryError { UserDictionaryError(file: file, message) }
    let expected = UserDictionary.headerSize + capacity * UserDictionary.recordSize
    guard bytes.count >= UserDictionary.headerSize, Array(bytes[0..<8]) == UserDictionary.magic
    else { throw fail("not a t9phone learning store") }
    let header = bytes.withUnsafeBufferPointer { buffer in
      (
        version: ByteReader.u16(buffer, 8), recordSize: ByteReader.u16(buffer, 10),
        capacity: ByteReader.u32(buffer, 12), tick: ByteReader.u32(buffer, 16),
        language: (buffer[20], buffer[21]), checksum: ByteReader.u64(buffer, 24)
      )
    }
    guard header.version == UserDictionary.version else {
      throw fail("unsupported store version \(header.version)")
    }
    guard header.recordSize == UserDictionary.recordSize, header.capacity == capacity,
      bytes.count == expected
    else {
      throw fail("size does not match a \(budget)-byte store (\(bytes.count) bytes)")
    }
    guard String(decoding: [header.language.0, header.language.1], as: UTF8.self) == language else {
      throw fail("store is for another language")
    }
    var check = Checksum()
    check.update(bytes[0..<24])
    check.update(bytes[32...])
    guard check.value == header.checksum else {
      throw fail("checksum mismatch: the store is corrupted")
    }
    tick = UInt32(truncatingIfNeeded: header.tick)
    records.replaceSubrange(0..<records.count, with: bytes[32...])
    for slot in 0..<capacity {
      let base = slot * UserDictionary.recordSize
      guard let kind = Kind(rawValue: records[base]) else {
        throw fail("record \(slot) is damaged")
      }
      switch kind {
      case .free:
        continue
      case .word, .spelled:
        let length = Int(records[base + 1])
        guard (1...UserDictionary.maximumWordBytes).contains(length),
          let hash = validWordHash(slot: slot, length: length), read16(base + 2) > 0
        else { throw fail("record \(slot) holds a damaged word") }
        // A word held twice would be found in only one of its records.
        guard find(hash, pair: false) == nil else { throw fail("record \(slot) repeats a word") }
        keys[slot] = hash
        indexKeys(ofSlot: slot)
        totalWordCount += read16(base + 2)
      case .pair:
        guard read16(base + 2) > 0 else { throw fail("record \(slot) holds a damaged pair") }
        let key = UserDictionary.pairKey(previous: read64(base + 8), word: read64(base + 16))
        guard find(key, pair: true) == nil else { throw fail("record \(slot) repeats a pair") }
        keys[slot] = key
        pairRecordCount += 1
      }
      recordCount += 1
      insertIntoTable(slot)
      if kind != .pair { insertSorted(slot) }
    }
    // Recency from the saved ticks: oldest first, so each becomes the newest.
    let used = (0..<capacity).filter {
      records[$0 * UserDictionary.recordSize] != Kind.free.rawValue
    }
    let now = tick
    for slot in used.sorted(by: {
      now &- read32($0 * 32 + 4) > now &- read32($1 * 32 + 4)
    }) {
      touch(slot)
    }
    freeSlots = (0..<capacity).reversed().filter {
      records[$0 * UserDictionary.recordSize] == Kind.free.rawValue
    }
    .map { UInt16($0) }
  }

  // MARK: - Queries

  /// How often the word with `hash` was chosen (0 if never).
  public func count(ofWord hash: UInt64) -> Int { use(ofWord: hash).count }

  /// How often the word with `hash` was chosen, and whether the user spelled
  /// it.
  public func use(ofWord hash: UInt64) -> (count: Int, spelled: Bool) {
    guard let slot = find(hash, pair: false) else { return (0, false) }
    let base = slot * UserDictionary.recordSize
    return (read16(base + 2), records[base] == Kind.spelled.rawValue)
  }

  /// How often `word` followed `previous`.
  public func count(previous: UInt64, word: UInt64) -> Int {
    guard let slot = find(UserDictionary.pairKey(previous: previous, word: word), pair: true) else {
      return 0
    }
    return read16(slot * UserDictionary.recordSize + 2)
  }

  /// Calls `body` for every learned word whose key sequence starts with
  /// `keys`: its slot, whether it has exactly that many keys, how often it
  /// was chosen, and whether the user spelled it (it is not in the
  /// dictionary).
  @inline(__always)
  public func forEachWord(
    startingWith keys: KeySequence,
    _ body: (_ slot: Int, _ exact: Bool, _ count: Int, _ spelled: Bool) -> Void
  ) {
    let keysPacked = keys.packedPrefix
    var low = 0
    var high = sortedWords.count
    while low < high {
      let middle = (low + high) / 2
      if compare(slot: Int(sortedWords[middle]), with: keys, keysPacked) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var index = low
    while index < sortedWords.count {
      let slot = Int(sortedWords[index])
      guard compare(slot: slot, with: keys, keysPacked) == 0 else { break }
      let base = slot * UserDictionary.recordSize
      body(
        slot, keyCount(slot: slot) == keys.count, read16(base + 2),
        records[base] == Kind.spelled.rawValue)
      index += 1
    }
  }

  /// Calls `body` for every learned word that followed the word with hash
  /// `previous`: the word's slot and how often it followed. A pair whose
  /// word is no longer held is skipped. At most every pair record is read
  /// (a quarter of the store by default), most recently used first.
  public func forEachFollower(of previous: UInt64, _ body: (_ slot: Int, _ count: Int) -> Void) {
    var slot = newest.pairs
    var visited = 0
    while slot != capacity && visited < capacity {
      let base = slot * UserDictionary.recordSize
      if read64(base + 8) == previous, let word = find(read64(base + 16), pair: false) {
        body(word, read16(base + 2))
      }
      slot = Int(older[slot])
      visited += 1
    }
  }

  /// Calls `body` with the scalars of the word in `slot`, at most `limit`.
  public func forEachScalar(ofSlot slot: Int, limit: Int = .max, _ body: (Unicode.Scalar) -> Void) {
    let base = slot * UserDictionary.recordSize
    let end = base + 8 + Int(records[base + 1])
    records.withUnsafeBufferPointer { buffer in
      var position = base + 8
      var emitted = 0
      while position < end && emitted < limit {
        guard let (scalar, size) = UTF8Decoding.scalar(buffer, at: position, end: end) else {
          return
        }
        body(scalar)
        position += size
        emitted += 1
      }
    }
  }

  /// The hash of the word in `slot`.
  public func hash(ofSlot slot: Int) -> UInt64 { keys[slot] }

  // MARK: - Learning

  /// Notes that a word was chosen (or, with `spelled`, typed with Spell);
  /// false if it is too long to learn.
  @discardableResult
  public mutating func noteWord<S: Sequence>(_ scalars: S, spelled: Bool = false) -> Bool
  where S.Element == Unicode.Scalar {
    var bytes = InlineArray<24, UInt8>(repeating: 0)
    var length = 0
    var hash = WordHash()
    for scalar in scalars {
      hash.add(scalar)
      for byte in UTF8.encode(scalar) ?? UTF8.EncodedScalar() {
        guard length < UserDictionary.maximumWordBytes else { return false }
        bytes[length] = byte
        length += 1
      }
    }
    guard length > 0 else { return false }
    tick &+= 1
    changeCount &+= 1
    if let slot = find(hash.value, pair: false) {
      let base = slot * UserDictionary.recordSize
      let count = read16(base + 2)
      if count < 65535 {
        write16(count + 1, base + 2)
        totalWordCount += 1
      }
      write32(tick, base + 4)
      if spelled { records[base] = Kind.spelled.rawValue }
      touch(slot)
      return true
    }
    let slot = takeSlot(pair: false)
    let base = slot * UserDictionary.recordSize
    records[base] = spelled ? Kind.spelled.rawValue : Kind.word.rawValue
    records[base + 1] = UInt8(length)
    write16(1, base + 2)
    totalWordCount += 1
    write32(tick, base + 4)
    for index in 0..<UserDictionary.maximumWordBytes {
      records[base + 8 + index] = index < length ? bytes[index] : 0
    }
    keys[slot] = hash.value
    indexKeys(ofSlot: slot)
    recordCount += 1
    insertIntoTable(slot)
    insertSorted(slot)
    touch(slot)
    return true
  }

  /// Notes that `word` followed `previous` (nothing when no pairs may be
  /// kept).
  public mutating func notePair(previous: UInt64, word: UInt64) {
    guard maximumPairRecords > 0 else { return }
    tick &+= 1
    changeCount &+= 1
    let key = UserDictionary.pairKey(previous: previous, word: word)
    if let slot = find(key, pair: true) {
      let base = slot * UserDictionary.recordSize
      write16(Swift.min(65535, read16(base + 2) + 1), base + 2)
      write32(tick, base + 4)
      touch(slot)
      return
    }
    let slot = takeSlot(pair: true)
    let base = slot * UserDictionary.recordSize
    records[base] = Kind.pair.rawValue
    records[base + 1] = 0
    write16(1, base + 2)
    write32(tick, base + 4)
    write64(previous, base + 8)
    write64(word, base + 16)
    write64(0, base + 24)
    keys[slot] = key
    recordCount += 1
    pairRecordCount += 1
    insertIntoTable(slot)
    touch(slot)
  }

  /// The bytes to save: a header with a checksum, then every record.
  public func serialized() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: UserDictionary.headerSize)
    for (index, byte) in UserDictionary.magic.enumerated() { bytes[index] = byte }
    ByteReader.put16(UserDictionary.version, into: &bytes, at: 8)
    ByteReader.put16(UserDictionary.recordSize, into: &bytes, at: 10)
    ByteReader.put32(capacity, into: &bytes, at: 12)
    ByteReader.put32(Int(tick), into: &bytes, at: 16)
    let code = Array(language.utf8)
    bytes[20] = code.count > 0 ? code[0] : 0
    bytes[21] = code.count > 1 ? code[1] : 0
    bytes.append(contentsOf: records)
    var check = Checksum()
    check.update(bytes[0..<24])
    check.update(bytes[32...])
    ByteReader.put64(check.value, into: &bytes, at: 24)
    return bytes
  }

  // MARK: - Internals

  static func pairKey(previous: UInt64, word: UInt64) -> UInt64 {
    (previous &* 0x9E37_79B9_7F4A_7C15) ^ ((word << 17) | (word >> 47)) ^ 0x5851_F42D_4C95_7F2D
  }

  private func isPair(_ slot: Int) -> Bool {
    records[slot * UserDictionary.recordSize] == Kind.pair.rawValue
  }

  private func find(_ key: UInt64, pair: Bool) -> Int? {
    let mask = table.count - 1
    var position = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
    while table[position] != 0 {
      let slot = Int(table[position]) - 1
      if keys[slot] == key && isPair(slot) == pair { return slot }
      position = (position + 1) & mask
    }
    return nil
  }

  private mutating func insertIntoTable(_ slot: Int) {
    let mask = table.count - 1
    var position = Int(truncatingIfNeeded: keys[slot] ^ (keys[slot] >> 29)) & mask
    while table[position] != 0 { position = (position + 1) & mask }
    table[position] = UInt16(slot + 1)
  }

  /// Removes a slot from the hash table, shifting its cluster back so
  /// lookups still find every other entry.
  private mutating func removeFromTable(_ slot: Int) {
    let mask = table.count - 1
    func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key ^ (key >> 29)) & mask }
    var hole = home(keys[slot])
    while table[hole] != UInt16(slot + 1) {
      guard table[hole] != 0 else { return }
      hole = (hole + 1) & mask
    }
    var probe = (hole + 1) & mask
    while table[probe] != 0 {
      let entry = Int(table[probe]) - 1
      if (probe - home(keys[entry])) & mask >= (probe - hole) & mask {
        table[hole] = table[probe]
        hole = probe
      }
      probe = (probe + 1) & mask
    }
    table[hole] = 0
  }

  /// Makes `slot` the most recently used of its list (words or pairs).
  private mutating func touch(_ slot: Int) {
    let end = capacity
    let pair = isPair(slot)
    var head = pair ? newest.pairs : newest.words
    var tail = pair ? oldest.pairs : oldest.words
    if head == slot { return }
    // Unlink, if linked.
    let before = Int(newer[slot])
    let after = Int(older[slot])
    if before != end || after != end || tail == slot {
      if before != end { older[before] = UInt16(after) } else { head = after }
      if after != end { newer[after] = UInt16(before) } else { tail = before }
    }
    newer[slot] = UInt16(end)
    older[slot] = UInt16(head)
    if head != end { newer[head] = UInt16(slot) }
    head = slot
    if tail == end { tail = slot }
    if pair {
      newest.pairs = head
      oldest.pairs = tail
    } else {
      newest.words = head
      oldest.words = tail
    }
  }

  /// A slot for a word or a pair: for a pair when pairs are at their limit,
  /// the least recently used pair's; else a free slot; else the least
  /// recently used record's, of either kind.
  private mutating func takeSlot(pair: Bool) -> Int {
    let end = capacity
    let slot: Int
    if pair && pairRecordCount >= maximumPairRecords && oldest.pairs != end {
      slot = oldest.pairs
    } else if let free = freeSlots.popLast() {
      return Int(free)
    } else if oldest.words == end {
      slot = oldest.pairs
    } else if oldest.pairs == end {
      slot = oldest.words
    } else {
      let wordAge = tick &- read32(oldest.words * UserDictionary.recordSize + 4)
      let pairAge = tick &- read32(oldest.pairs * UserDictionary.recordSize + 4)
      slot = wordAge >= pairAge ? oldest.words : oldest.pairs
    }
    // Unlink it: it is the tail of its list.
    let evictedPair = isPair(slot)
    let before = Int(newer[slot])
    if evictedPair {
      oldest.pairs = before
      if before == end { newest.pairs = end }
    } else {
      oldest.words = before
      if before == end { newest.words = end }
    }
    if before != end { older[before] = UInt16(end) }
    newer[slot] = UInt16(end)
    older[slot] = UInt16(end)
    let base = slot * UserDictionary.recordSize
    if evictedPair {
      pairRecordCount -= 1
    } else {
      totalWordCount -= read16(base + 2)
      if let index = sortedWords.firstIndex(of: UInt16(slot)) { sortedWords.remove(at: index) }
    }
    removeFromTable(slot)
    for index in 0..<UserDictionary.recordSize { records[base + index] = 0 }
    recordCount -= 1
    return slot
  }

  private mutating func insertSorted(_ slot: Int) {
    var low = 0
    var high = sortedWords.count
    while low < high {
      let middle = (low + high) / 2
      if compareSlots(Int(sortedWords[middle]), slot) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    sortedWords.insert(UInt16(slot), at: low)
  }

  private func keyCount(slot: Int) -> Int { Int(keyCounts[slot]) }

  /// Works out `packedKeys` and `keyCounts` for the word in `slot`.
  private mutating func indexKeys(ofSlot slot: Int) {
    var packed: UInt64 = 0
    var count = 0
    forEachScalar(ofSlot: slot) { scalar in
      if count < 16 { packed |= UInt64(KeyLayout.key(for: scalar) ?? 0) << UInt64(count * 4) }
      count += 1
    }
    packedKeys[slot] = packed
    keyCounts[slot] = UInt8(truncatingIfNeeded: count)
  }

  /// -1, 0 (the word's keys start with `keys`) or 1, as the dictionary
  /// orders (`keysPacked`: `keys.packedPrefix`).
  @inline(__always)
  private func compare(slot: Int, with keys: KeySequence, _ keysPacked: UInt64) -> Int {
    // The first 16 keys from the index; past them (both longer), from
    // the letters.
    KeySequence.compare(
      packed: packedKeys[slot], count: Int(keyCounts[slot]), with: keys, keysPacked: keysPacked)
      ?? compareSpelled(slot: slot, with: keys)
  }

  /// `compare(slot:with:_:)` from the word's letters.
  private func compareSpelled(slot: Int, with keys: KeySequence) -> Int {
    var index = 0
    var result = 2
    forEachScalar(ofSlot: slot) { scalar in
      guard result == 2 else { return }
      if index == keys.count {
        result = 0
        return
      }
      let key = KeyLayout.key(for: scalar) ?? 0
      if key != keys[index] { result = key < keys[index] ? -1 : 1 }
      index += 1
    }
    if result != 2 { return result }
    return index == keys.count ? 0 : -1
  }

  private func compareSlots(_ left: Int, _ right: Int) -> Int {
    var leftKeys = KeySequence()
    var rightKeys = KeySequence()
    forEachScalar(ofSlot: left) { leftKeys.append(KeyLayout.key(for: $0) ?? 0) }
    forEachScalar(ofSlot: right) { rightKeys.append(KeyLayout.key(for: $0) ?? 0) }
    return KeySequence.compare(leftKeys, rightKeys)
  }

  private func validWordHash(slot: Int, length: Int) -> UInt64? {
    let base = slot * UserDictionary.recordSize
    var hash = WordHash()
    var valid = true
    var decodedBytes = 0
    records.withUnsafeBufferPointer { buffer in
      var position = base + 8
      let end = base + 8 + length
      while position < end {
        guard let (scalar, size) = UTF8Decoding.scalar(buffer, at: position, end: end),
          KeyLayout.key(for: scalar) != nil
        else {
          valid = false
          return
        }
        hash.add(scalar)
        position += size
        decodedBytes += size
      }
    }
    return valid && decodedBytes == length ? hash.value : nil
  }

  private func read16(_ offset: Int) -> Int { Int(records[offset]) | Int(records[offset + 1]) << 8 }
  /// Unsigned, so a value of 2^31 or more reads the same where `Int` has
  /// 32 bits (wasm32).
  private func read32(_ offset: Int) -> UInt32 {
    UInt32(read16(offset)) | UInt32(read16(offset + 2)) << 16
  }
  private func read64(_ offset: Int) -> UInt64 {
    UInt64(read32(offset)) | UInt64(read32(offset + 4)) << 32
  }
  private mutating func write16(_ value: Int, _ offset: Int) {
    ByteReader.put16(value, into: &records, at: offset)
  }
  private mutating func write32(_ value: UInt32, _ offset: Int) {
    ByteReader.put32(Int(value), into: &records, at: offset)
  }
  private mutating func write64(_ value: UInt64, _ offset: Int) {
    ByteReader.put64(value, into: &records, at: offset)
  }
}
