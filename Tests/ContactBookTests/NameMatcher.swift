@testable import ContactBook

/// The search rules written plainly, as the oracle for `KeyMatcher` (which
/// matches the stored keys without allocating). Matches a T9 query against a
/// contact's keys by the exact rules: zero or
/// more initials (the first digit of tokens, in increasing token order)
/// followed by a run (a prefix of the key string from the start of a later
/// token, which may continue across token boundaries); the run may be empty
/// when at least one initial was used.
///
/// Finds the best way to match: a run from the first token, else from a
/// later name token, else initials within the name, else anything that
/// uses a keyword (nickname, organisation) token.
enum NameMatcher {
  /// A match: its class and the key positions it covered.
  struct Match: Sendable, Hashable {
    /// How it matched.
    var matchClass: MatchClass
    /// The positions in the key string the query covered, in order.
    var positions: [Int]
  }

  /// Matches `query` (digits 0–9) against `keys`, whose first
  /// `nameTokens` tokens are the name's and the rest keywords.
  static func match(_ query: [UInt8], _ keys: SearchKeys, nameTokens: Int) -> Match? {
    let digits = keys.digits
    let starts = keys.tokenStarts
    guard !query.isEmpty, !starts.isEmpty else { return nil }
    func runMatches(_ from: Int, _ queryIndex: Int) -> Bool {
      let length = query.count - queryIndex
      guard from + length <= digits.count else { return false }
      for offset in 0..<length where digits[from + offset] != query[queryIndex + offset] {
        return false
      }
      return true
    }
    // A run alone, from the first token, then from each later name token.
    for token in 0..<Swift.min(nameTokens, starts.count) where runMatches(starts[token], 0) {
      return Match(
        matchClass: token == 0 ? .nameStart : .laterToken,
        positions: Array(starts[token]..<(starts[token] + query.count)))
    }
    // Initials then a run: within the name, then using keyword tokens too.
    for limit in [Swift.min(nameTokens, starts.count), starts.count] {
      var positions: [Int] = []
      var failed = Set<Int>()
      func solve(_ queryIndex: Int, _ fromToken: Int) -> Bool {
        if queryIndex == query.count { return true }
        let key = queryIndex * 128 + fromToken
        if failed.contains(key) { return false }
        for token in fromToken..<limit {
          let start = starts[token]
          // A run from here ends the match (at least one initial is used).
          if queryIndex > 0 && runMatches(start, queryIndex) {
            positions.append(contentsOf: start..<(start + query.count - queryIndex))
            return true
          }
          if digits[start] == query[queryIndex] {
            positions.append(start)
            if solve(queryIndex + 1, token + 1) { return true }
            positions.removeLast()
          }
        }
        failed.insert(key)
        return false
      }
      if solve(0, 0) {
        let usesKeyword = positions.contains { position in
          limit > nameTokens && nameTokens < starts.count && position >= starts[nameTokens]
        }
        return Match(matchClass: usesKeyword ? .keyword : .initials, positions: positions)
      }
    }
    // A run alone from a keyword token.
    if nameTokens < starts.count {
      for token in nameTokens..<starts.count where runMatches(starts[token], 0) {
        return Match(
          matchClass: .keyword, positions: Array(starts[token]..<(starts[token] + query.count)))
      }
    }
    return nil
  }
}
