/// The T9 search index of a contact book, in flat storage reserved for the
/// book's capacity when it is created:
///
/// - A record of 23 64-bit masks per slot (184 bytes): for each digit,
///   where it occurs in the name keys (10 masks) and in the numbers (10
///   masks); where tokens start, where name tokens start, where numbers
///   start. A query is matched with a few shifts and ANDs per digit.
/// - For every one- and two-digit query (12 + 100), the match class of
///   every slot as three bitsets (the class in binary): the first two key
///   presses need no matching at all.
/// - The static ranking (starred, times used, last used, folded name,
///   insertion order) as a rank per slot and the slots in rank order.
///
/// - Every contact's key strings in a `SearchKeyStore`: contacts whose keys
///   do not fit the masks (more than 64 name digits, numbers with `*` or
///   `#`, more than 64 number positions) are matched one by one from there,
///   and highlighting reads them.
///
/// Nothing here grows after the index is created.
struct SearchIndex: Sendable {
  /// Positions per mask.
  static let width = 64
  /// The token-start plane (all tokens).
  static let tokenPlane = 10
  /// The name-token-start plane.
  static let namePlane = 11
  /// The first number-digit plane.
  static let numberPlane = 12
  /// The number-start plane.
  static let startPlane = 22
  /// Masks per slot.
  static let planeCount = 23
  /// Queries indexed: `0`–`9`, `*`, `#`, then `00`–`99`.
  static let queryCount = 112
  /// Bitsets per indexed query (the class in binary).
  static let classBits = 3

  /// Slots.
  let capacity: Int
  /// 64-bit words in a bitset of all slots.
  let words: Int
  /// The masks, a record per slot: `planes[slot * planeCount + plane]`.
  private(set) var planes: [UInt64]
  /// The slots in use.
  private(set) var occupied: [UInt64]
  /// The slots whose keys do not fit the masks, matched one by one.
  private(set) var longBits: [UInt64]
  /// The classes of the indexed queries:
  /// `classes[(query * classBits + bit) * words + word]`.
  private(set) var classes: [UInt64]
  /// For each digit pair `ab`: the slots whose name keys have `b` right
  /// after `a` (`pairs[(a * 10 + b) * words + word]`), then the slots with
  /// a number starting with `ab` (`pairs[(100 + a * 10 + b) * words + word]`).
  private(set) var pairs: [UInt64]
  /// The static rank of each slot in use.
  private(set) var rankOf: [UInt16]
  /// The slots in use in static rank order.
  private(set) var byRank: SlotOrder
  /// Every contact's key strings.
  private(set) var keys: SearchKeyStore
  /// How many contacts are matched one by one.
  private(set) var longCount = 0

  /// An empty index for `capacity` slots.
  init(capacity: Int) {
    self.capacity = capacity
    words = (capacity + 63) / 64
    planes = [UInt64](repeating: 0, count: SearchIndex.planeCount * capacity)
    occupied = [UInt64](repeating: 0, count: words)
    longBits = [UInt64](repeating: 0, count: words)
    classes = [UInt64](
      repeating: 0, count: SearchIndex.queryCount * SearchIndex.classBits * words)
    pairs = [UInt64](repeating: 0, count: 200 * words)
    rankOf = [UInt16](repeating: 0, count: capacity)
    byRank = SlotOrder(capacity: capacity)
    keys = SearchKeyStore(capacity: capacity)
  }

  /// The bytes reserved for the index.
  var reservedBytes: Int {
    planes.count * 8 + (occupied.count + longBits.count) * 8
      + classes.count * 8 + pairs.count * 8
      + rankOf.count * 2 + byRank.reservedBytes + keys.reservedBytes
  }

  // MARK: - Updating

  /// Stores the keys of `slot` (which must be empty) and indexes its classes
  /// for the one- and two-digit queries.
  mutating func insert(_ keys: ContactKeys, at slot: Int) {
    occupied[slot >> 6] |= 1 << UInt64(slot & 63)
    self.keys.store(keys, in: slot)
    if keys.fitsMasks {
      setMasks(keys, slot)
    } else {
      longCount += 1
      longBits[slot >> 6] |= 1 << UInt64(slot & 63)
    }
    let found = indexedClasses(of: slot)
    let bit: UInt64 = 1 << UInt64(slot & 63)
    for (position, digit) in keys.digits.enumerated() where position > 0 {
      let previous = keys.digits[position - 1]
      if previous < 10 && digit < 10 {
        pairs[(Int(previous) * 10 + Int(digit)) * words + slot >> 6] |= bit
      }
    }
    for number in keys.numbers where number.count >= 2 && number[0] < 10 && number[1] < 10 {
      pairs[(100 + Int(number[0]) * 10 + Int(number[1])) * words + slot >> 6] |= bit
    }
    for query in 0..<SearchIndex.queryCount where found[query] != 0 {
      for classBit in 0..<SearchIndex.classBits where found[query] & (1 << classBit) != 0 {
        classes[(query * SearchIndex.classBits + classBit) * words + slot >> 6] |= bit
      }
    }
  }

  /// The class of `slot` for each indexed query.
  private func indexedClasses(of slot: Int) -> InlineArray<112, UInt8> {
    var found = InlineArray<112, UInt8>(repeating: 0)
    planes.withUnsafeBufferPointer { planes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { buffer in
        for query in 0..<SearchIndex.queryCount {
          let digits = SearchIndex.digits(ofIndexed: query)
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

  /// Forgets `slot`.
  mutating func remove(_ slot: Int) {
    let clear = ~(UInt64(1) << UInt64(slot & 63))
    if longBits[slot >> 6] & ~clear != 0 { longCount -= 1 }
    occupied[slot >> 6] &= clear
    longBits[slot >> 6] &= clear
    var position = slot >> 6
    while position < classes.count {
      classes[position] &= clear
      position += words
    }
    position = slot >> 6
    while position < pairs.count {
      pairs[position] &= clear
      position += words
    }
    for plane in 0..<SearchIndex.planeCount { planes[slot * SearchIndex.planeCount + plane] = 0 }
  }

  private mutating func setMasks(_ keys: ContactKeys, _ slot: Int) {
    var tokens: UInt64 = 0
    var names: UInt64 = 0
    for (token, start) in keys.starts.enumerated() {
      tokens |= 1 << UInt64(start)
      if token < keys.nameTokens { names |= 1 << UInt64(start) }
    }
    let base = slot * SearchIndex.planeCount
    for (position, digit) in keys.digits.enumerated() {
      planes[base + Int(digit)] |= 1 << UInt64(position)
    }
    planes[base + SearchIndex.tokenPlane] = tokens
    planes[base + SearchIndex.namePlane] = names
    var position = 0
    var starts: UInt64 = 0
    for number in keys.numbers where !number.isEmpty {
      starts |= 1 << UInt64(position)
      for digit in number {
        planes[base + SearchIndex.numberPlane + Int(digit)] |= 1 << UInt64(position)
        position += 1
      }
      position += 1  // the separator matches no digit
    }
    planes[base + SearchIndex.startPlane] = starts
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

  /// The two digits of an indexed query (the second unused for one digit).
  static func digits(ofIndexed query: Int) -> (UInt8, UInt8) {
    if query < 12 { return (UInt8(query), 0) }
    return (UInt8((query - 12) / 10), UInt8((query - 12) % 10))
  }

  /// The indexed query equal to a query, if any.
  static func indexed(name: UnsafeBufferPointer<UInt8>, number: UnsafeBufferPointer<UInt8>) -> Int?
  {
    switch (name.count, number.count) {
    case (1, 1) where name[0] == number[0]: return Int(name[0])
    case (0, 1) where number[0] >= 10: return Int(number[0])
    case (2, 2) where name[0] == number[0] && name[1] == number[1]:
      return 12 + Int(name[0]) * 10 + Int(name[1])
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
    return SearchIndex.maskClass(planes, slot &* SearchIndex.planeCount, query)
  }

  /// The class of a slot whose keys are in the masks.
  @inline(__always)
  static func maskClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ base: Int, _ query: QueryDigits
  ) -> UInt8 {
    let found = maskNameClass(planes, base, query.name)
    return found != 0 ? found : maskNumberClass(planes, base, query)
  }

  /// The name class (1–4, 0 for none) of a slot whose keys are in the masks.
  @inline(__always)
  static func maskNameClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ base: Int, _ name: UnsafeBufferPointer<UInt8>
  ) -> UInt8 {
    guard !name.isEmpty && name.count <= width else { return 0 }
    let tokens = planes[base &+ tokenPlane]
    let first = planes[base &+ Int(name[0])]
    guard first & tokens != 0 else { return 0 }
    let names = planes[base &+ namePlane]
    // Where a run of the whole query starts.
    var run = first
    var index = 1
    while index < name.count && run != 0 {
      run &= planes[base &+ Int(name[index])] &>> UInt64(index)
      index &+= 1
    }
    if run & names & 1 != 0 { return UInt8(MatchClass.nameStart.rawValue) }
    if run & names != 0 { return UInt8(MatchClass.laterToken.rawValue) }
    if initials(planes, base, name, within: names) {
      return UInt8(MatchClass.initials.rawValue)
    }
    if run & tokens & ~names != 0 || initials(planes, base, name, within: tokens) {
      return UInt8(MatchClass.keyword.rawValue)
    }
    return 0
  }

  /// The number class (5–6, 0 for none) of a slot whose keys are in the
  /// masks.
  @inline(__always)
  static func maskNumberClass(
    _ planes: UnsafeBufferPointer<UInt64>, _ base: Int, _ query: QueryDigits
  ) -> UInt8 {
    let number = query.number
    guard query.numberIsPlain && !number.isEmpty && number.count <= width else { return 0 }
    let digits = base &+ numberPlane
    var found = planes[digits &+ Int(number[0])]
    var index = 1
    while index < number.count && found != 0 {
      found &= planes[digits &+ Int(number[index])] &>> UInt64(index)
      index &+= 1
    }
    guard found != 0 else { return 0 }
    let starts = planes[base &+ startPlane]
    return UInt8(
      found & starts != 0 ? MatchClass.numberPrefix.rawValue : MatchClass.numberElsewhere.rawValue)
  }

  /// Whether `name` matches as one or more initials then a run, using only
  /// the tokens whose starts are in `allowed`. The earliest token for each
  /// initial leaves the most room for the rest, so trying the earliest is
  /// enough.
  @inline(__always)
  static func initials(
    _ planes: UnsafeBufferPointer<UInt64>, _ base: Int, _ name: UnsafeBufferPointer<UInt8>,
    within allowed: UInt64
  ) -> Bool {
    var after: UInt64 = ~0
    for used in 0..<name.count {
      let candidates = planes[base &+ Int(name[used])] & allowed & after
      if candidates == 0 { return false }
      let position = candidates.trailingZeroBitCount
      after = position == 63 ? 0 : ~0 &<< UInt64(position + 1)
      let next = used + 1
      if next == name.count { return true }
      var run = planes[base &+ Int(name[next])] & allowed & after
      var index = next + 1
      while index < name.count && run != 0 {
        run &= planes[base &+ Int(name[index])] &>> UInt64(index &- next)
        index &+= 1
      }
      if run != 0 { return true }
    }
    return false
  }

  // MARK: - Narrowing

  /// A level of a search is three bitsets of `words` words: for each
  /// candidate slot, a lower bound of its match class in binary (0: not a
  /// candidate). A query's match class can only get worse as keys are added
  /// (a prefix of a matching query matches, at least as well), so a
  /// candidate that cannot reach the best 20 need not be matched now: it
  /// stays a candidate with its bound, and the next key matches it.

  /// Of a word of a level (its three class bitsets `b0`, `b1`, `b2`), the
  /// slots whose class is `value` (1–7).
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
    classes.withUnsafeBufferPointer { classes in
      rankOf.withUnsafeBufferPointer { ranks in
        let base = query * SearchIndex.classBits * words
        for word in 0..<words {
          let candidates = previous[word] | previous[words &+ word] | previous[2 &* words &+ word]
          next[word] = candidates & classes[base &+ word]
          next[words &+ word] = candidates & classes[base &+ words &+ word]
          next[2 &* words &+ word] = candidates & classes[base &+ 2 &* words &+ word]
        }
        for found in UInt8(1)...6 {
          for word in 0..<words {
            var members = SearchIndex.members(
              next[word], next[words &+ word], next[2 &* words &+ word], equalTo: found)
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
    var nameBase = -1
    if name.count >= 2 {
      nameBase = (12 + Int(name[0]) * 10 + Int(name[1])) * SearchIndex.classBits * words
    } else if name.count == 1 {
      nameBase = Int(name[0]) * SearchIndex.classBits * words
    }
    // The last two name digits: adjacent in the keys, or the last at a
    // token start (an initial or where the run starts).
    var adjacentBase = -1
    var lastStartBase = -1
    if name.count >= 3 {
      let last = Int(name[name.count - 1])
      adjacentBase = (Int(name[name.count - 2]) * 10 + last) * words
      lastStartBase = last * SearchIndex.classBits * words
    }
    var pairBase = -1
    if query.numberIsPlain && number.count >= 2 {
      let pair = 12 + Int(number[number.count - 2]) * 10 + Int(number[number.count - 1])
      pairBase = pair * SearchIndex.classBits * words
    }
    // A number prefix match needs a number starting with the first two.
    var prefixBase = -1
    if number.count >= 2 && number[0] < 10 && number[1] < 10 {
      prefixBase = (100 + Int(number[0]) * 10 + Int(number[1])) * words
    }
    for index in 0..<(SearchIndex.classBits * words) { next[index] = 0 }
    let hasLong = longCount > 0
    let stride = SearchIndex.planeCount
    for bound in UInt8(1)...6 {
      // Past this point nothing of this class or worse can be kept: the
      // rest of the candidates only keep their bounds.
      let evaluate = TopList.key(matchClass: bound, rank: 0, slot: 0) < top.worst
      for word in 0..<words {
        let b0 = previous[word]
        let b1 = previous[words &+ word]
        let b2 = previous[2 &* words &+ word]
        let candidates = b0 | b1 | b2
        if candidates == 0 { continue }
        var named: UInt64 = 0
        if nameBase >= 0 {
          let n0 = classes[nameBase &+ word]
          let n1 = classes[nameBase &+ words &+ word]
          let n2 = classes[nameBase &+ 2 &* words &+ word]
          named = (~n2 & (n0 | n1)) | (n2 & ~n1 & ~n0)
          if adjacentBase >= 0 {
            let s0 = classes[lastStartBase &+ word]
            let s1 = classes[lastStartBase &+ words &+ word]
            let s2 = classes[lastStartBase &+ 2 &* words &+ word]
            named &= pairs[adjacentBase &+ word] | (~s2 & (s0 | s1)) | (s2 & ~s1 & ~s0)
          }
        }
        var numbered: UInt64 = ~0
        if pairBase >= 0 {
          numbered =
            classes[pairBase &+ word] | classes[pairBase &+ words &+ word]
            | classes[pairBase &+ 2 &* words &+ word]
        }
        let prefixed = prefixBase >= 0 ? pairs[prefixBase &+ word] : ~0
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
              found = SearchIndex.maskClass(planes, slot &* stride, query)
            } else {
              found = SearchIndex.maskNumberClass(planes, slot &* stride, query)
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
        next[word] |= n0
        next[words &+ word] |= n1
        next[2 &* words &+ word] |= n2
      }
    }
  }

  /// How many candidates of `level` match `query`.
  func countMatches(_ level: UnsafeBufferPointer<UInt64>, _ query: QueryDigits) -> Int {
    planes.withUnsafeBufferPointer { planes in
      var count = 0
      for word in 0..<words {
        var members = level[word] | level[words &+ word] | level[2 &* words &+ word]
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
      for word in 0..<words {
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
      indexed = 12 + Int(number[0]) * 10 + Int(number[1])
    } else if !number.isEmpty && (number[0] < 10 || query.name.isEmpty) {
      indexed = Int(number[0])
    }
    guard let indexed else { return occupied }
    let base = indexed * SearchIndex.classBits * words
    return (0..<words).map { word in
      occupied[word]
        & (classes[base + word] | classes[base + words + word] | classes[base + 2 * words + word])
    }
  }
}
