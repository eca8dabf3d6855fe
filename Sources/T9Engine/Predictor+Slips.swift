extension Predictor {
  /// The words one slip of the thumb away from `keys` — a key replaced by
  /// a neighbour (`SlipWeights.forEachNeighbour`), a key left out, a key
  /// pressed twice — each weighted by its own weight times its slip's, the
  /// likeliest first, at most `slips.limit`, into `found` (which is
  /// emptied first). Words whose display hash `isListed` (the candidates
  /// already offered) are left out. Only keys 2–9 take
  /// part: with a 1 (punctuation) or fewer than two keys nothing is found.
  /// Allocates nothing; costs a range search a variant (about 4 a key for
  /// neighbours, 8 a key for a left-out key), so callers ask only when the
  /// slips are shown.
  public func slipCandidates(
    for keys: KeySequence, previous: UInt64?, learned: UserDictionary?,
    isListed: (UInt64) -> Bool, into found: inout CandidateList
  ) {
    found.removeAll()
    let count = keys.count
    guard slips.limit > 0, count >= 2, count < KeySequence.capacity else { return }
    for index in 0..<count where keys[index] < 2 || keys[index] > 9 { return }
    var variant = KeySequence()
    func consider(_ factor: Double) {
      guard factor > 0 else { return }
      let words = range(for: variant)
      guard !words.isEmpty else { return }
      forEachExactWord(variant, words, previous: previous, learned) { candidate in
        var weighted = candidate
        weighted.weight *= factor
        keep(weighted, in: &found, learned: learned, isListed: isListed)
      }
    }
    // A key replaced by a neighbour.
    for position in 0..<count {
      SlipWeights.forEachNeighbour(of: keys[position]) { neighbour in
        variant.removeAll()
        for index in 0..<count { _ = variant.append(index == position ? neighbour : keys[index]) }
        consider(slips.neighbour)
      }
    }
    // A key left out: the word has one more key, anywhere. A key equal to
    // the one before it is put in once (before it), not twice.
    for position in 0...count {
      for digit in UInt8(2)...9 where position == 0 || keys[position - 1] != digit {
        variant.removeAll()
        for index in 0..<position { _ = variant.append(keys[index]) }
        _ = variant.append(digit)
        for index in position..<count { _ = variant.append(keys[index]) }
        consider(slips.omission)
      }
    }
    // A key pressed twice: one of two equal keys in a row was not meant.
    for position in 1..<count where keys[position] == keys[position - 1] {
      guard position == 1 || keys[position - 2] != keys[position] else { continue }
      variant.removeAll()
      for index in 0..<count where index != position { _ = variant.append(keys[index]) }
      consider(slips.doubled)
    }
  }

  /// Keeps `candidate` among the best `slips.limit` in `found`, in order,
  /// once per word (its best slip).
  private func keep(
    _ candidate: Candidate, in found: inout CandidateList, learned: UserDictionary?,
    isListed: (UInt64) -> Bool
  ) {
    let identity = displayHash(of: candidate, learned: learned)
    guard !isListed(identity) else { return }
    for index in 0..<found.count where displayHash(of: found[index], learned: learned) == identity {
      guard candidate.weight > found[index].weight else { return }
      found.replace(at: index, with: candidate)
      found.sortByWeight(0..<found.count)
      return
    }
    if found.count < Swift.min(slips.limit, CandidateList.capacity) {
      found.append(candidate)
    } else if let last = found.last, candidate.weight > last.weight {
      found.replace(at: found.count - 1, with: candidate)
    } else {
      return
    }
    found.sortByWeight(0..<found.count)
  }
}
