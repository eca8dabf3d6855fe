/// The T9 search index of a contact book, in flat storage reserved for the
/// book's capacity when it is created (`SearchIndexLayout` says where
/// everything is):
///
/// - A record of 23 64-bit masks per slot (184 bytes): for each digit,
///   where it occurs in the name keys (10 masks) and in the numbers (10
///   masks); where tokens start, where name tokens start, where numbers
///   start. A query is matched with a few shifts and ANDs per digit.
/// - For every one- and two-digit query (12 + 100), the match class of
///   every slot as a class set (three bitsets, the class in binary): the
///   first two key presses need no matching at all.
/// - For every digit pair, the slots whose name keys hold it and the slots
///   with a number starting with it.
/// - The static ranking (starred, times used, last used, folded name,
///   insertion order) as a rank per slot and the slots in rank order.
///
/// - Every contact's key strings, packed in a `SearchKeyStore`: contacts whose keys
///   do not fit the masks (more than 64 name digits, numbers with `*` or
///   `#`, more than 64 number positions) are matched one by one from there,
///   and highlighting reads them.
///
/// Nothing here grows after the index is created.
struct SearchIndex: Sendable {
  private typealias Layout = SearchIndexLayout

  /// Where everything is in the arrays below.
  let layout: SearchIndexLayout
  /// The masks, a record per slot.
  private(set) var planes: [UInt64]
  /// The slots in use.
  private(set) var occupied: [UInt64]
  /// The slots whose keys do not fit the masks, matched one by one.
  private(set) var longBits: [UInt64]
  /// The class set of each indexed query.
  private(set) var classes: [UInt64]
  /// The name pair and number prefix bitsets.
  private(set) var pairs: [UInt64]
  /// The static rank of each slot in use.
  private(set) var rankOf: [UInt16]
  /// The slots in use in static rank order.
  private(set) var byRank: SlotOrder
  /// Every contact's key strings.
  private(set) var keys: SearchKeyStore
  /// How many contacts are matched one by one.
  private(set) var longCount = 0

  /// An empty index for `capacity` slots, with `keyBytes` bytes for their
  /// key strings.
  init(capacity: Int, keyBytes: Int) {
    layout = SearchIndexLayout(capacity: capacity)
    planes = [UInt64](repeating: 0, count: layout.planesCount)
    occupied = [UInt64](repeating: 0, count: layout.words)
    longBits = [UInt64](repeating: 0, count: layout.words)
    classes = [UInt64](repeating: 0, count: layout.classesCount)
    pairs = [UInt64](repeating: 0, count: layout.pairsCount)
    rankOf = [UInt16](repeating: 0, count: capacity)
    byRank = SlotOrder(capacity: capacity)
    keys = SearchKeyStore(capacity: capacity, textBytes: keyBytes)
  }

  /// The bytes reserved for the index.
  var reservedBytes: Int {
    planes.count * 8 + (occupied.count + longBits.count) * 8
      + classes.count * 8 + pairs.count * 8
      + rankOf.count * 2 + byRank.reservedBytes + keys.reservedBytes
  }

  // MARK: - Updating

  /// Stores the keys of `slot` (which must be empty; the keys must fit the
  /// key store, see `SearchKeyStore.fits`) and indexes its classes for the
  /// one- and two-digit queries.
  mutating func insert(_ keys: ContactKeys, at slot: Int) {
    let word = slot >> 6
    let bit: UInt64 = 1 << UInt64(slot & 63)
    occupied[word] |= bit
    self.keys.store(keys, in: slot)
    if keys.fitsMasks {
      setMasks(keys, slot)
    } else {
      longCount += 1
      longBits[word] |= bit
    }
    let found = indexedClasses(of: slot)
    for (position, digit) in keys.digits.enumerated() where position > 0 {
      let previous = keys.digits[position - 1]
      if previous < 10 && digit < 10 {
        pairs[layout.namePair(previous, digit) + word] |= bit
      }
    }
    for number in keys.numbers where number.count >= 2 && number[0] < 10 && number[1] < 10 {
      pairs[layout.numberPrefix(number[0], number[1]) + word] |= bit
    }
    for query in 0..<Layout.queryCount where found[query] != 0 {
      let set = layout.classSet(of: query)
      for classBit in 0..<Layout.classBits where found[query] & (1 << classBit) != 0 {
        classes[layout.classWord(set, bit: classBit, word: word)] |= bit
      }
    }
  }

  /// The class of `slot` for each indexed query.
  private func indexedClasses(of slot: Int) -> InlineArray<112, UInt8> {
    var found = InlineArray<112, UInt8>(repeating: 0)
    planes.withUnsafeBufferPointer { planes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { buffer in
        for query in 0..<Layout.queryCount {
          let digits = Layout.keys(ofQuery: query)
          buffer[0] = digits.0
          buffer[1] = digits.1
          let two = UnsafeBufferPointer(buffer)
          let one = UnsafeBufferPointer(rebasing: two[0..<1])
          let none = UnsafeBufferPointer(rebasing: two[0..<0])
          let digitsOfQuery: QueryDigits
          switch query {
          case 0..<10: digitsOfQuery = QueryDigits(name: one, number: one, numberIsPlain: true)
          case 10, 11: digitsOfQuery = QueryDigits(name: none, number: one, numberIsPlain: false)
          default: digitsOfQuery = QueryDigits(name: two, number: two, numberIsPlain: true)
          }
          found[query] = matchClass(slot, digitsOfQuery, planes: planes)
        }
      }
    }
    return found
  }

  /// Forgets `slot` and its keys.
  mutating func remove(_ slot: Int) {
    keys.remove(slot)
    let word = slot >> 6
    let clear = ~(UInt64(1) << UInt64(slot & 63))
    if longBits[word] & ~clear != 0 { longCount -= 1 }
    occupied[word] &= clear
    longBits[word] &= clear
    // The slot's word in every bitset.
    for position in stride(from: word, to: classes.count, by: layout.words) {
      classes[position] &= clear
    }
    for position in stride(from: word, to: pairs.count, by: layout.words) {
      pairs[position] &= clear
    }
    let record = Layout.record(of: slot)
    for plane in 0..<Layout.planeCount { planes[record + plane] = 0 }
  }

  private mutating func setMasks(_ keys: ContactKeys, _ slot: Int) {
    var tokens: UInt64 = 0
    var names: UInt64 = 0
    for (token, start) in keys.starts.enumerated() {
      tokens |= 1 << UInt64(start)
      if token < keys.nameTokens { names |= 1 << UInt64(start) }
    }
    let record = Layout.record(of: slot)
    for (position, digit) in keys.digits.enumerated() {
      planes[record + Layout.nameDigitPlane(digit)] |= 1 << UInt64(position)
    }
    planes[record + Layout.tokenStartPlane] = tokens
    planes[record + Layout.nameStartPlane] = names
    var position = 0
    var starts: UInt64 = 0
    for number in keys.numbers where !number.isEmpty {
      starts |= 1 << UInt64(position)
      for digit in number {
        planes[record + Layout.numberDigitPlane(digit)] |= 1 << UInt64(position)
        position += 1
      }
      position += 1  // the separator matches no digit
    }
    planes[record + Layout.numberStartPlane] = starts
  }

  /// Puts `slot` into the rank order: `precedes(a, b)` is the static ranking.
  mutating func insertRank(_ slot: Int, precedes: (Int, Int) -> Bool) {
    var low = 0
    var high = byRank.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(slot, byRank[middle]) { high = middle } else { low = middle + 1 }
    }
    byRank.insert(slot, at: low)
    for rank in low..<byRank.count { rankOf[byRank[rank]] = UInt16(truncatingIfNeeded: rank) }
  }

  /// Takes `slot` out of the rank order.
  mutating func removeRank(_ slot: Int) {
    let rank = Int(rankOf[slot])
    guard rank < byRank.count, byRank[rank] == slot else { return }
    byRank.remove(at: rank)
    for later in rank..<byRank.count {
      rankOf[byRank[later]] = UInt16(truncatingIfNeeded: later)
    }
  }

  /// The indexed query equal to a query, if any.
  static func indexed(name: UnsafeBufferPointer<UInt8>, number: UnsafeBufferPointer<UInt8>) -> Int?
  {
    switch (name.count, number.count) {
    case (1, 1) where name[0] == number[0]: return Layout.query(name[0])
    case (0, 1) where number[0] >= 10: return Layout.query(number[0])
    case (2, 2) where name[0] == number[0] && name[1] == number[1]:
      return Layout.query(name[0], name[1])
    default: return nil
    }
  }

  // MARK: - Matching

  /// The class (`MatchClass` raw value, 0 for none) of `slot` for `query`.
  @inline(__always)
  func matchClass(_ slot: Int, _ query: QueryDigits, planes: UnsafeBufferPointer<UInt64>) -> UInt8 {
    if longBits[slot >> 6] & (1 &<< UInt64(slot & 63)) != 0 {
      return keys.withKeys(slot) { KeyMatcher.matchClass(query, $0) }
    }
    return SearchIndex.maskClass(planes, Layout.record(of: slot), query)
  }

  /// The class of a slot whose keys are in the masks.
  @inline(__always)
  static func maskClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ record: Int, _ query: QueryDigits
  ) -> UInt8 {
    let found = maskNameClass(planes, record, query.name)
    return found != 0 ? found : maskNumberClass(planes, record, query)
  }

  /// The name class (1–4, 0 for none) of a slot whose keys are in the masks.
  @inline(__always)
  static func maskNameClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ record: Int, _ name: UnsafeBufferPointer<UInt8>
  ) -> UInt8 {
    guard !name.isEmpty && name.count <= Layout.width else { return 0 }
    let tokens = planes[record &+ Layout.tokenStartPlane]
    let first = planes[record &+ Layout.nameDigitPlane(name[0])]
    guard first & tokens != 0 else { return 0 }
    let names = planes[record &+ Layout.nameStartPlane]
    // Where a run of the whole query starts.
    var run = first
    var index = 1
    while index < name.count && run != 0 {
      run &= planes[record &+ Layout.nameDigitPlane(name[index])] &>> UInt64(index)
      index &+= 1
    }
    if run & names & 1 != 0 { return UInt8(MatchClass.nameStart.rawValue) }
    if run & names != 0 { return UInt8(MatchClass.laterToken.rawValue) }
    if initials(planes, record, name, within: names) {
      return UInt8(MatchClass.initials.rawValue)
    }
    if run & tokens & ~names != 0 || initials(planes, record, name, within: tokens) {
      return UInt8(MatchClass.keyword.rawValue)
    }
    return 0
  }

  /// The number class (5–6, 0 for none) of a slot whose keys are in the
  /// masks.
  @inline(__always)
  static func maskNumberClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ record: Int, _ query: QueryDigits
  ) -> UInt8 {
    let number = query.number
    guard query.numberIsPlain && !number.isEmpty && number.count <= Layout.width else { return 0 }
    var found = planes[record &+ Layout.numberDigitPlane(number[0])]
    var index = 1
    while index < number.count && found != 0 {
      found &= planes[record &+ Layout.numberDigitPlane(number[index])] &>> UInt64(index)
      index &+= 1
    }
    guard found != 0 else { return 0 }
    let starts = planes[record &+ Layout.numberStartPlane]
    return UInt8(
      found & starts != 0 ? MatchClass.numberPrefix.rawValue : MatchClass.numberElsewhere.rawValue)
  }

  /// Whether `name` matches as one or more initials then a run, using only
  /// the tokens whose starts are in `allowed`. The earliest token for each
  /// initial leaves the most room for the rest, so trying the earliest is
  /// enough.
  @inline(__always)
  static func initials(
    _ planes: UnsafeBufferPointer<UInt64>, _ record: Int, _ name: UnsafeBufferPointer<UInt8>,
    within allowed: UInt64
  ) -> Bool {
    var after: UInt64 = ~0
    for used in 0..<name.count {
      let candidates = planes[record &+ Layout.nameDigitPlane(name[used])] & allowed & after
      if candidates == 0 { return false }
      let position = candidates.trailingZeroBitCount
      after = position == 63 ? 0 : ~0 &<< UInt64(position + 1)
      let next = used + 1
      if next == name.count { return true }
      var run = planes[record &+ Layout.nameDigitPlane(name[next])] & allowed & after
      var index = next + 1
      while index < name.count && run != 0 {
        run &= planes[record &+ Layout.nameDigitPlane(name[index])] &>> UInt64(index &- next)
        index &+= 1
      }
      if run != 0 { return true }
    }
    return false
  }

  // MARK: - Narrowing

  /// A level of a search is a class set: for each candidate slot, a lower
  /// bound of its match class (0: not a candidate). A query's match class
  /// can only get worse as keys are added (a prefix of a matching query
  /// matches, at least as well), so a candidate that cannot reach the best
  /// 20 need not be matched now: it stays a candidate with its bound, and
  /// the next key matches it.

  /// Of a word of a class set (its bits `b0`, `b1`, `b2`), the slots whose
  /// class is `value` (1–7).
  @inline(__always)
  static func members(
    _ b0: UInt64, _ b1: UInt64, _ b2: UInt64, equalTo value: UInt8
  ) -> UInt64 {
    (value & 1 != 0 ? b0 : ~b0) & (value & 2 != 0 ? b1 : ~b1) & (value & 4 != 0 ? b2 : ~b2)
  }

  /// Narrows the level `previous` to `next` for `query`, offering to `top`
  /// every match that may rank among the best: `top` ends with exactly the
  /// best matches of `query` among the candidates of `previous`.
  func narrow(
    _ previous: UnsafeBufferPointer<UInt64>, into next: UnsafeMutableBufferPointer<UInt64>,
    _ query: QueryDigits, top: inout TopList
  ) {
    if let indexed = SearchIndex.indexed(name: query.name, number: query.number) {
      narrow(previous, into: next, indexed: indexed, top: &top)
      return
    }
    planes.withUnsafeBufferPointer { planes in
      classes.withUnsafeBufferPointer { classes in
        rankOf.withUnsafeBufferPointer { ranks in
          pairs.withUnsafeBufferPointer { pairs in
            narrow(previous, into: next, query, planes, classes, pairs, ranks, &top)
          }
        }
      }
    }
  }

  /// Narrows with an indexed query: exact classes from the index for the
  /// candidates, then the best of each class in turn until the list is full.
  private func narrow(
    _ previous: UnsafeBufferPointer<UInt64>, into next: UnsafeMutableBufferPointer<UInt64>,
    indexed query: Int, top: inout TopList
  ) {
    let words = layout.words
    classes.withUnsafeBufferPointer { classes in
      rankOf.withUnsafeBufferPointer { ranks in
        let set = layout.classSet(of: query)
        for word in 0..<words {
          let candidates = layout.anyClass(previous, word: word)
          let (c0, c1, c2) = layout.classWords(classes, at: set, word: word)
          layout.storeClassWords(
            (candidates & c0, candidates & c1, candidates & c2), to: next, word: word)
        }
        let narrowed = UnsafeBufferPointer(next)
        for found in UInt8(1)...6 {
          for word in 0..<words {
            let (b0, b1, b2) = layout.classWords(narrowed, word: word)
            var members = SearchIndex.members(b0, b1, b2, equalTo: found)
            while members != 0 {
              let slot = word &<< 6 | members.trailingZeroBitCount
              members &= members &- 1
              let key = TopList.key(matchClass: found, rank: ranks[slot], slot: slot)
              if key < top.worst { top.offer(key) }
            }
          }
          if top.isFull { break }
        }
      }
    }
  }

  /// The general narrowing. Exact filters of a few word operations per 64
  /// slots come first. A name match needs a name match of the first two
  /// name digits (a class 1–4 for that pair in the index; for one digit, a
  /// token starting with it) and has its last two digits next to each other
  /// in the keys or its last digit at a token start: without both, a
  /// candidate's bound is raised to the number classes. A number prefix
  /// match needs a number starting with the first two digits: without one,
  /// the bound is raised to 6. A number match also matches the last two
  /// digits (a class for that pair in the index): without one, a candidate
  /// bounded to the number classes goes. Then class by class, best first,
  /// each candidate whose bound can still beat the 20th is matched, and the
  /// others keep their bound.
  private func narrow(
    _ previous: UnsafeBufferPointer<UInt64>, into next: UnsafeMutableBufferPointer<UInt64>,
    _ query: QueryDigits, _ planes: UnsafeBufferPointer<UInt64>,
    _ classes: UnsafeBufferPointer<UInt64>, _ pairs: UnsafeBufferPointer<UInt64>,
    _ ranks: UnsafeBufferPointer<UInt16>, _ top: inout TopList
  ) {
    let name = query.name
    let number = query.number
    let words = layout.words
    // The class set of the first two name digits (or the one).
    var nameSet = -1
    if name.count >= 2 {
      nameSet = layout.classSet(of: Layout.query(name[0], name[1]))
    } else if name.count == 1 {
      nameSet = layout.classSet(of: Layout.query(name[0]))
    }
    // The last two name digits: adjacent in the keys, or the last at a
    // token start (an initial or where the run starts).
    var adjacentPair = -1
    var lastStartSet = -1
    if name.count >= 3 {
      let last = name[name.count - 1]
      adjacentPair = layout.namePair(name[name.count - 2], last)
      lastStartSet = layout.classSet(of: Layout.query(last))
    }
    // The class set of the last two number digits.
    var pairSet = -1
    if query.numberIsPlain && number.count >= 2 {
      pairSet = layout.classSet(
        of: Layout.query(number[number.count - 2], number[number.count - 1]))
    }
    // A number prefix match needs a number starting with the first two.
    var prefixPair = -1
    if number.count >= 2 && number[0] < 10 && number[1] < 10 {
      prefixPair = layout.numberPrefix(number[0], number[1])
    }
    for index in 0..<layout.classSetSize { next[index] = 0 }
    let hasLong = longCount > 0
    for bound in UInt8(1)...6 {
      // Past this point nothing of this class or worse can be kept: the
      // rest of the candidates only keep their bounds.
      let evaluate = TopList.key(matchClass: bound, rank: 0, slot: 0) < top.worst
      for word in 0..<words {
        let (b0, b1, b2) = layout.classWords(previous, word: word)
        let candidates = b0 | b1 | b2
        if candidates == 0 { continue }
        var named: UInt64 = 0
        if nameSet >= 0 {
          let (n0, n1, n2) = layout.classWords(classes, at: nameSet, word: word)
          named = (~n2 & (n0 | n1)) | (n2 & ~n1 & ~n0)
          if adjacentPair >= 0 {
            let (s0, s1, s2) = layout.classWords(classes, at: lastStartSet, word: word)
            named &= pairs[adjacentPair &+ word] | (~s2 & (s0 | s1)) | (s2 & ~s1 & ~s0)
          }
        }
        let numbered = pairSet >= 0 ? layout.anyClass(classes, at: pairSet, word: word) : ~0
        let prefixed = prefixPair >= 0 ? pairs[prefixPair &+ word] : ~0
        // The candidates whose bound is `bound`, once raised to 5 without a
        // possible name match and to 6 without a possible number prefix.
        let nameBound = ~b2 | (~b1 & ~b0)  // bound 1–4 (or 0, masked)
        let numberBound =
          SearchIndex.members(b0, b1, b2, equalTo: 5) | (nameBound & ~named)
        var members: UInt64
        switch bound {
        case 1...4: members = SearchIndex.members(b0, b1, b2, equalTo: bound) & candidates & named
        case 5: members = numberBound & prefixed & candidates & numbered
        default:
          members =
            (SearchIndex.members(b0, b1, b2, equalTo: 6) | (numberBound & ~prefixed)) & candidates
            & numbered
        }
        if members == 0 { continue }
        var kept: UInt64 = 0  // keep `bound`
        var n0: UInt64 = 0
        var n1: UInt64 = 0
        var n2: UInt64 = 0
        if evaluate {
          while members != 0 {
            let bit = members.trailingZeroBitCount
            let mask: UInt64 = 1 &<< UInt64(bit)
            members &= members &- 1
            let slot = word &<< 6 | bit
            let rank = ranks[slot]
            if TopList.key(matchClass: bound, rank: rank, slot: slot) >= top.worst {
              kept |= mask
              continue
            }
            let found: UInt8
            if hasLong && longBits[word] & mask != 0 {
              found = matchClass(slot, query, planes: planes)
            } else if bound <= 4 {
              found = SearchIndex.maskClass(planes, Layout.record(of: slot), query)
            } else {
              found = SearchIndex.maskNumberClass(planes, Layout.record(of: slot), query)
            }
            if found != 0 {
              n0 |= UInt64(found & 1) &<< UInt64(bit)
              n1 |= UInt64((found >> 1) & 1) &<< UInt64(bit)
              n2 |= UInt64((found >> 2) & 1) &<< UInt64(bit)
              let key = TopList.key(matchClass: found, rank: rank, slot: slot)
              if key < top.worst { top.offer(key) }
            }
          }
        } else {
          kept = members
        }
        if bound & 1 != 0 { n0 |= kept }
        if bound & 2 != 0 { n1 |= kept }
        if bound & 4 != 0 { n2 |= kept }
        layout.addClassWords((n0, n1, n2), to: next, word: word)
      }
    }
  }

  /// How many candidates of `level` match `query`.
  func countMatches(_ level: UnsafeBufferPointer<UInt64>, _ query: QueryDigits) -> Int {
    planes.withUnsafeBufferPointer { planes in
      var count = 0
      for word in 0..<layout.words {
        var members = layout.anyClass(level, word: word)
        while members != 0 {
          let bit = members.trailingZeroBitCount
          members &= members &- 1
          if matchClass(word &<< 6 | bit, query, planes: planes) != 0 { count += 1 }
        }
      }
      return count
    }
  }

  /// The ranking keys of every slot in `candidates` matching `query`.
  func allMatches(_ candidates: UnsafeBufferPointer<UInt64>, _ query: QueryDigits) -> [UInt64] {
    var keys: [UInt64] = []
    planes.withUnsafeBufferPointer { planes in
      for word in 0..<layout.words {
        var members = candidates[word]
        while members != 0 {
          let slot = word << 6 | members.trailingZeroBitCount
          members &= members &- 1
          let found = matchClass(slot, query, planes: planes)
          if found != 0 {
            keys.append(TopList.key(matchClass: found, rank: rankOf[slot], slot: slot))
          }
        }
      }
    }
    return keys
  }

  /// The candidates for a whole query in one go: the indexed query made of
  /// its first one or two keys (every match of the query matches it), else
  /// every slot in use.
  func candidates(for query: QueryDigits) -> [UInt64] {
    let number = query.number
    var indexed: Int?
    if number.count >= 2 && number[0] < 10 && number[1] < 10 {
      indexed = Layout.query(number[0], number[1])
    } else if !number.isEmpty && (number[0] < 10 || query.name.isEmpty) {
      indexed = Layout.query(number[0])
    }
    guard let indexed else { return occupied }
    let set = layout.classSet(of: indexed)
    return classes.withUnsafeBufferPointer { classes in
      (0..<layout.words).map { word in
        occupied[word] & layout.anyClass(classes, at: set, word: word)
      }
    }
  }
}
