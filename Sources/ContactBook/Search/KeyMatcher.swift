/// Matches a query against one contact's stored keys by the exact rules,
/// finding the same way to match as a plain depth-first search of the rules
/// (the first in its search order) and the characters it covered, without
/// allocating: the matched name characters are bits of a `Highlight`.
enum KeyMatcher {
  /// A name match: its class (`MatchClass` raw value) and the name
  /// characters it covered.
  struct NameFound {
    /// The match class, 1–4.
    var matchClass: UInt8
    /// The covered characters of the name (keyword characters are not
    /// shown, so not marked).
    var highlight: Highlight
  }

  /// A number match: its class and where it is.
  struct NumberFound {
    /// The match class, 5 or 6.
    var matchClass: UInt8
    /// Which number.
    var number: Int
    /// The first matched digit (of the number's digits, not its text).
    var start: Int
  }

  /// The name match of `query` (digits 0–9), if any. `known` is the match
  /// class if the index found it already (0 if not): the ways to match
  /// that rank before it are not tried.
  static func matchName(
    _ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys, known: UInt8 = 0
  ) -> NameFound? {
    guard !query.isEmpty, query.count <= keys.count else { return nil }
    return keys.withStarts { starts in
      if (1...4).contains(known), let found = matchName(query, keys, starts, from: known) {
        return found
      }
      return matchName(query, keys, starts, from: 1)
    }
  }

  /// The best number match of `query` (`*` 10, `#` 11), if any: a prefix
  /// before a match elsewhere, then the first number.
  static func matchNumber(_ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys) -> NumberFound? {
    guard !query.isEmpty else { return nil }
    var best: NumberFound?
    for number in 0..<Contact.maximumNumbers {
      let length = keys.numberLength(number)
      guard query.count <= length else { continue }
      for start in 0...(length - query.count) {
        var equal = true
        for offset in 0..<query.count
        where keys.numberDigit(number, start + offset) != query[offset] {
          equal = false
          break
        }
        guard equal else { continue }
        let found = UInt8(
          start == 0 ? MatchClass.numberPrefix.rawValue : MatchClass.numberElsewhere.rawValue)
        if best == nil || found < best?.matchClass ?? 0 {
          best = NumberFound(matchClass: found, number: number, start: start)
        }
        break
      }
      if best?.matchClass == UInt8(MatchClass.numberPrefix.rawValue) { break }
    }
    return best
  }

  /// The class (0 for none) of `query` against `keys`, names then numbers,
  /// without finding what matched.
  static func matchClass(_ query: QueryDigits, _ keys: StoredKeys) -> UInt8 {
    let name = query.name
    if !name.isEmpty && name.count <= keys.count {
      let found = keys.withStarts { starts in nameClass(name, keys, starts) }
      if found != 0 { return found }
    }
    return matchNumber(query.number, keys)?.matchClass ?? 0
  }

  // MARK: - Names

  /// The name class alone (0 for none).
  private static func nameClass(
    _ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys, _ starts: UnsafeBufferPointer<UInt8>
  ) -> UInt8 {
    let tokens = starts.count
    guard tokens > 0 else { return 0 }
    let nameTokens = Swift.min(keys.nameTokens, tokens)
    for token in 0..<nameTokens where runs(query, keys, from: Int(starts[token]), 0) {
      return UInt8(token == 0 ? MatchClass.nameStart.rawValue : MatchClass.laterToken.rawValue)
    }
    // Whether one or more initials then a run match, using tokens before
    // `limit`: the earliest token for each initial leaves the most room.
    func initials(_ limit: Int) -> Bool {
      var nextToken = 0
      for used in 0..<query.count {
        var token = nextToken
        while token < limit && keys.digit(Int(starts[token])) != query[used] { token += 1 }
        if token == limit { return false }
        nextToken = token + 1
        if used + 1 == query.count { return true }
        for later in nextToken..<Swift.max(limit, nextToken)
        where runs(query, keys, from: Int(starts[later]), used + 1) {
          return true
        }
      }
      return false
    }
    if initials(nameTokens) { return UInt8(MatchClass.initials.rawValue) }
    if initials(tokens) { return UInt8(MatchClass.keyword.rawValue) }
    for token in nameTokens..<tokens where runs(query, keys, from: Int(starts[token]), 0) {
      return UInt8(MatchClass.keyword.rawValue)
    }
    return 0
  }

  /// The name match, trying the ways to match in rank order from class
  /// `first` (1: all of them).
  private static func matchName(
    _ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys, _ starts: UnsafeBufferPointer<UInt8>,
    from first: UInt8
  ) -> NameFound? {
    let tokens = starts.count
    guard tokens > 0 else { return nil }
    let nameTokens = Swift.min(keys.nameTokens, tokens)
    // A run alone, from the first token, then from each later name token.
    let firstToken = first >= 2 ? 1 : 0
    let runTokens = first >= 3 ? 0 : nameTokens
    for token in Swift.min(firstToken, runTokens)..<runTokens
    where runs(query, keys, from: Int(starts[token]), 0) {
      var highlight = Highlight()
      mark(keys, from: Int(starts[token]), count: query.count, &highlight)
      return NameFound(
        matchClass: UInt8(
          token == 0 ? MatchClass.nameStart.rawValue : MatchClass.laterToken.rawValue),
        highlight: highlight)
    }
    // Initials then a run: within the name, then using keyword tokens too.
    if first <= 3, let found = initials(query, keys, starts, limit: nameTokens) { return found }
    if nameTokens < tokens, let found = initials(query, keys, starts, limit: tokens) {
      return found
    }
    // A run alone from a keyword token.
    for token in nameTokens..<tokens where runs(query, keys, from: Int(starts[token]), 0) {
      return NameFound(matchClass: UInt8(MatchClass.keyword.rawValue), highlight: Highlight())
    }
    return nil
  }

  /// Whether the query from `queryIndex` on equals the keys from `from` on.
  @inline(__always)
  private static func runs(
    _ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys, from: Int, _ queryIndex: Int
  ) -> Bool {
    let length = query.count - queryIndex
    guard from + length <= keys.count else { return false }
    for offset in 0..<length where keys.digit(from + offset) != query[queryIndex + offset] {
      return false
    }
    return true
  }

  /// Marks the name characters of key positions `from ..< from + count`.
  private static func mark(_ keys: StoredKeys, from: Int, count: Int, _ highlight: inout Highlight)
  {
    for position in from..<(from + count) where position < keys.nameDigits {
      highlight.insert(keys.source(position))
    }
  }

  /// One or more initials then a run, using the tokens before `limit`.
  ///
  /// `solvable(q, f)` — whether the query from digit `q` (q ≥ 1, at least
  /// one initial used) can be matched with tokens `f` and later — is
  /// computed for every `q` and `f`, backwards; then the match is walked
  /// forwards, taking at each step the earliest token where a run ends the
  /// match or an initial leaves a solvable rest. That is the first match
  /// of a depth-first search over the tokens in order, run before initial.
  private static func initials(
    _ query: UnsafeBufferPointer<UInt8>, _ keys: StoredKeys, _ starts: UnsafeBufferPointer<UInt8>,
    limit: Int
  ) -> NameFound? {
    let length = query.count
    let words = (limit + 1 + 63) / 64
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: length * words) { table in
      // Row q - 1 holds solvable(q, 0 ... limit).
      func solvable(_ q: Int, _ from: Int) -> Bool {
        if q == length { return true }
        return table[(q - 1) * words + from >> 6] & (1 << UInt64(from & 63)) != 0
      }
      for index in 0..<(length * words) { table[index] = 0 }
      if length > 1 {
        for q in stride(from: length - 1, through: 1, by: -1) {
          for from in stride(from: limit - 1, through: 0, by: -1) {
            let start = Int(starts[from])
            let possible =
              solvable(q, from + 1) || runs(query, keys, from: start, q)
              || (keys.digit(start) == query[q] && solvable(q + 1, from + 1))
            if possible { table[(q - 1) * words + from >> 6] |= 1 << UInt64(from & 63) }
          }
        }
      }
      var highlight = Highlight()
      var usesKeyword = false
      // Where keyword digits start, if this pass may use them.
      let keywordStart =
        limit > keys.nameTokens && keys.nameTokens < starts.count
        ? Int(starts[keys.nameTokens]) : Int.max
      var q = 0
      var from = 0
      while q < length {
        var stepped = false
        for token in from..<limit {
          let start = Int(starts[token])
          if q > 0 && runs(query, keys, from: start, q) {
            mark(keys, from: start, count: length - q, &highlight)
            usesKeyword = usesKeyword || start + length - q - 1 >= keywordStart
            q = length
            stepped = true
            break
          }
          if keys.digit(start) == query[q] && solvable(q + 1, token + 1) {
            mark(keys, from: start, count: 1, &highlight)
            usesKeyword = usesKeyword || start >= keywordStart
            q += 1
            from = token + 1
            stepped = true
            break
          }
        }
        if !stepped { return nil }
      }
      let found = usesKeyword ? MatchClass.keyword : MatchClass.initials
      return NameFound(matchClass: UInt8(found.rawValue), highlight: highlight)
    }
  }
}
