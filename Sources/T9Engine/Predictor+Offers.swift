extension Predictor {
  /// The words likely to follow the word with hash `previous` (nil: a
  /// text's start, nothing offered), likeliest first, at most
  /// `offers.nextWordLimit`: the pair table's followers, weighted by how
  /// often they followed it in the texts it was built from, plus what the
  /// user typed after it (the learned pairs, as a share of the word's uses).
  public func nextWords(
    after previous: UInt64?, learned: UserDictionary?, into list: inout CandidateList
  ) {
    list.removeAll()
    guard offers.nextWords, offers.nextWordLimit > 0, let previous else { return }
    var seen = DistinctCandidates()
    core.dictionary.pairs?.forEachFollower(of: previous) { word, probability in
      let candidate = Candidate(source: .dictionary(Int32(word)), weight: probability)
      seen.addWeight(of: candidate, displayHash(of: candidate, learned: learned), in: &list)
    }
    let uses = Double(learned?.count(ofWord: previous) ?? 0) + weights.contextSmoothing
    learned?.forEachFollower(of: previous) { slot, count in
      let candidate = Candidate(source: .learned(Int16(slot)), weight: Double(count) / uses)
      seen.addWeight(of: candidate, learned?.hash(ofSlot: slot) ?? 0, in: &list)
    }
    list.sortByWeight(0..<list.count)
    list.truncate(to: offers.nextWordLimit)
  }

  /// The longer words that begin with `keys` (`range`: the words of the
  /// keys), likeliest first, at most `offers.completionLimit`: the
  /// dictionary's likeliest, the pair table's followers of the previous
  /// word, and (from the second key on) learned words. A completion's weight is its dictionary
  /// probability, plus `offers.pairWeight` times its probability after the
  /// previous word, plus the user's uses of it.
  public func completions(
    for keys: KeySequence, previous: UInt64?, range: T9Range? = nil,
    learned: UserDictionary?, into list: inout CandidateList
  ) {
    list.removeAll()
    guard offers.completion, offers.completionLimit > 0, !keys.isEmpty, keys.trailingOnes == 0
    else { return }
    let words = range ?? self.range(for: keys)
    var exactEnd = words.lower
    while exactEnd < words.upper
      && core.dictionary.keyCount(ofWord: exactEnd, cache: core.cache) == keys.count
    {
      exactEnd += 1
    }
    let longer = T9Range(lower: exactEnd, upper: words.upper)
    // Read through `?.`: `learned.map` would copy the store.
    var perUse: Double?
    if let total = learned?.totalWordCount {
      perUse = weights.user / (Double(total) + weights.userSmoothing)
    }
    // No local functions here: on wasm32 at -Osize a variable captured by
    // a local function that a closure calls is boxed on the heap.
    var seen = DistinctCandidates()
    var bestFollows = 0.0
    let best = longer.isEmpty ? nil : core.dictionary.bestWord(in: longer, cache: core.cache)
    if let previous {
      core.dictionary.pairs?.forEachFollower(of: previous) { word, probability in
        guard word >= longer.lower && word < longer.upper else { return }
        if word == best { bestFollows = probability }
        let (candidate, hash) = dictionaryCompletion(
          word, pair: probability, perUse: perUse, learned)
        seen.keepLikelier(candidate, hash, in: &list)
      }
    }
    if let best {
      let (candidate, hash) = dictionaryCompletion(
        best, pair: bestFollows, perUse: perUse, learned)
      seen.keepLikelier(candidate, hash, in: &list)
    }
    // Learned words from the second key on: after one key they are a
    // large share of the whole store, and a longer word after one key is
    // the dictionary's or the pair table's to offer.
    guard keys.count > 1 else {
      list.sortByWeight(0..<list.count)
      list.truncate(to: offers.completionLimit)
      return
    }
    learned?.forEachWord(startingWith: keys) { slot, exact, count, spelled in
      guard !exact, let hash = learned?.hash(ofSlot: slot) else { return }
      let weight = learnedStemWeight(
        slot: slot, count: count, spelled: spelled, within: words, learned)
      seen.keepLikelier(Candidate(source: .learned(Int16(slot)), weight: weight), hash, in: &list)
    }
    list.sortByWeight(0..<list.count)
    list.truncate(to: offers.completionLimit)
  }

  /// The completion to show after the word being composed: the likeliest
  /// longer word, when it is likelier than `shown`, the candidate on the
  /// glass (or `shown` is only a stem).
  public func completion(
    for keys: KeySequence, previous: UInt64?, range: T9Range? = nil, shown: Candidate,
    learned: UserDictionary?
  ) -> Candidate? {
    var list = CandidateList()
    completions(for: keys, previous: previous, range: range, learned: learned, into: &list)
    guard let best = list.first else { return nil }
    guard shown.isStem || best.weight > shown.weight else { return nil }
    return best
  }
}

extension Predictor {
  /// Dictionary word `index` as a completion, with the hash of its letters
  /// (as learned words are hashed, so one word from both sources is
  /// offered once). Its weight: its probability, plus `offers.pairWeight`
  /// times `pair` (its probability after the previous word), plus `perUse`
  /// for each time the user typed it.
  fileprivate func dictionaryCompletion(
    _ index: Int, pair: Double, perUse: Double?, _ learned: UserDictionary?
  ) -> (Candidate, hash: UInt64) {
    let score = core.dictionary.score(ofWord: index, cache: core.cache)
    var candidate = Candidate(
      source: .dictionary(Int32(index)), weight: baseWeight(score) + offers.pairWeight * pair)
    let hash = displayHash(of: candidate, learned: learned)
    if let perUse { candidate.weight += perUse * Double(learned?.count(ofWord: hash) ?? 0) }
    return (candidate, hash)
  }
}

/// The words of a candidate list by the hash of their letters, so a word
/// offered from two sources appears once.
private struct DistinctCandidates {
  private var hashes = InlineArray<40, UInt64>(repeating: 0)

  /// Adds `candidate` (letters hashing to `hash`) to `list`, or raises the
  /// weight of the same word already there to `candidate`'s when that is
  /// larger; nothing when `list` is full.
  mutating func keepLikelier(_ candidate: Candidate, _ hash: UInt64, in list: inout CandidateList) {
    if let known = index(of: hash, in: list) {
      if candidate.weight > list[known].weight { list.replace(at: known, with: candidate) }
    } else {
      append(candidate, hash, to: &list)
    }
  }

  /// Adds `candidate` to `list`, or adds its weight to that of the same
  /// word already there; nothing when `list` is full.
  mutating func addWeight(of candidate: Candidate, _ hash: UInt64, in list: inout CandidateList) {
    if let known = index(of: hash, in: list) {
      var sum = list[known]
      sum.weight += candidate.weight
      list.replace(at: known, with: sum)
    } else {
      append(candidate, hash, to: &list)
    }
  }

  private func index(of hash: UInt64, in list: CandidateList) -> Int? {
    (0..<list.count).first(where: { hashes[$0] == hash })
  }

  private mutating func append(_ candidate: Candidate, _ hash: UInt64, to list: inout CandidateList)
  {
    guard list.count < hashes.count else { return }
    hashes[list.count] = hash
    list.append(candidate)
  }
}
