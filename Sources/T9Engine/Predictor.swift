/// T9 prediction: the candidates for a key sequence, in the order `*` walks
/// them, ranked by frequency, what the user chose before, and the previous
/// word.
///
/// Order: complete words with exactly as many letters as keys, by weight;
/// after a word and key 1, that word with punctuation (`hello.`); then the
/// distinct stems of longer words, each ranked by its best word (so typing
/// 3, 33, 335 grows a stem towards "Felix"). Key 1 alone gives punctuation,
/// `.` first.
///
/// A word's weight estimates how likely it is, on one scale for every
/// candidate (see `LearningWeights`): its dictionary probability, plus the
/// user's own frequency of it, plus how often it followed the previous word
/// relative to how often that word was typed. A word the user chose or
/// spelled once cannot pass a far more frequent word; one they keep using
/// does.
public struct Predictor {
  /// The word list.
  public var dictionary: T9Dictionary { core.dictionary }
  /// How learning weighs against the dictionary.
  public var weights: LearningWeights
  /// Which slips of the thumb are forgiven, and how likely each is.
  public var slips = SlipWeights()
  /// Which longer words and next words are offered.
  public var offers = OfferSettings()
  /// The dictionary's decoded blocks, reused from key to key (copies of
  /// the predictor share it: it only remembers what decoding gives).
  public var cache: T9BlockCache { core.cache }
  /// The dictionary, its tables and what ranking remembers, behind one
  /// reference: the editor takes the predictor out at each key, and a copy
  /// then costs one count, not one per array of the dictionary or per
  /// memory.
  /// Read in place by the predictor's extensions (`core.dictionary`, not
  /// the `dictionary` property, which returns a copy of the dictionary's
  /// references at every call).
  let core: Core

  final class Core {
    let dictionary: T9Dictionary
    let probabilities: [Double]
    let cache: T9BlockCache
    /// The dictionary scores of learned words met while ranking stems.
    let learnedScores = LearnedWordScores()

    init(dictionary: T9Dictionary, probabilities: [Double]) {
      self.dictionary = dictionary
      self.probabilities = probabilities
      cache = T9BlockCache(for: dictionary)
    }
  }

  /// A predictor over `dictionary`. What the user taught is not kept here:
  /// the owner of the learning store hands it to each call that ranks
  /// (`learned:`) or learns (`into:`), so a copy of a predictor, an editor
  /// or a phone never shares a store by accident or loses what it learned.
  public init(dictionary: T9Dictionary, weights: LearningWeights = LearningWeights()) {
    self.weights = weights
    // Zipf z is log10 of the frequency per 10^9 words: p = 10^(z − 9).
    let step = 1.023_292_992_280_754  // 10^0.01
    let probabilities: [Double] = (0...1000).map { score in
      var value = 1.0
      let difference = score - 900
      for _ in 0..<(abs(difference) / 100) { value = difference < 0 ? value / 10 : value * 10 }
      for _ in 0..<(abs(difference) % 100) { value = difference < 0 ? value / step : value * step }
      return value
    }
    core = Core(dictionary: dictionary, probabilities: probabilities)
  }

  // MARK: - Candidates

  /// The range of dictionary words for `keys` (narrow from the previous
  /// key's range by passing it).
  public func range(for keys: KeySequence, within: T9Range? = nil) -> T9Range {
    core.dictionary.range(for: keys, within: within, cache: core.cache)
  }

  /// The first candidate: what the display shows after each key. Cheaper
  /// than the whole list.
  public func first(
    for keys: KeySequence, previous: UInt64?, range: T9Range? = nil,
    punctuating base: Candidate? = nil, learned: UserDictionary?
  ) -> Candidate? {
    guard !keys.isEmpty else { return nil }
    let trailing = keys.trailingOnes
    if trailing == keys.count {
      return Candidate(source: .punctuation(0), repeatCount: trailing, weight: 0)
    }
    let words = range ?? core.dictionary.range(for: keys, cache: core.cache)
    var best: Candidate?
    forEachExactWord(keys, words, previous: previous, learned) { candidate in
      if best.map({ candidate.weight > $0.weight }) ?? true { best = candidate }
    }
    if let best { return best }
    if trailing == 1,
      let word = base ?? first(for: keys.dropLast(1), previous: previous, learned: learned)
    {
      var withStop = word
      withStop.suffix = 0
      return withStop
    }
    if let stem = bestStem(keys, words, learned) { return stem }
    // No word has these keys, nor begins with them: the likeliest word one
    // slip away.
    var slipped = CandidateList()
    slipCandidates(
      for: keys, previous: previous, learned: learned, isListed: { _ in false }, into: &slipped)
    return slipped.first
  }

  /// Every candidate, in `*` order, into `list`. `base` is the word shown
  /// before key 1 was pressed (the punctuated forms use it; by default the
  /// first candidate of the keys before the 1).
  public func candidates(
    for keys: KeySequence, previous: UInt64?, range: T9Range? = nil,
    punctuating base: Candidate? = nil, learned: UserDictionary?, into list: inout CandidateList
  ) {
    list.removeAll()
    guard !keys.isEmpty else { return }
    let trailing = keys.trailingOnes
    if trailing == keys.count {
      for index in Candidate.punctuation.indices {
        list.append(Candidate(source: .punctuation(Int8(index)), repeatCount: trailing, weight: 0))
      }
      return
    }
    let words = range ?? core.dictionary.range(for: keys, cache: core.cache)
    forEachExactWord(keys, words, previous: previous, learned) { list.append($0) }
    list.sortByWeight(0..<list.count)
    if trailing == 1,
      let word = base ?? first(for: keys.dropLast(1), previous: previous, learned: learned)
    {
      for index in Candidate.punctuation.indices {
        var punctuated = word
        punctuated.suffix = Int8(index)
        list.append(punctuated)
      }
    }
    // Longer words that begin with the keys, after the exact words (whose
    // `*` order a T9 typist knows by heart); with no exact word, after the
    // best stem.
    let exactCount = list.count
    var completed = CandidateList()
    completions(for: keys, previous: previous, range: words, learned: learned, into: &completed)
    var leading = CandidateList()
    for candidate in completed { leading.append(candidate) }
    // Words one slip away: after those.
    var slipped = CandidateList()
    if trailing == 0 {
      var exact = InlineArray<40, UInt64>(repeating: 0)
      for index in 0..<exactCount { exact[index] = displayHash(of: list[index], learned: learned) }
      slipCandidates(
        for: keys, previous: previous, learned: learned,
        isListed: { identity in
          (0..<exactCount).contains { exact[$0] == identity }
            || completed.contains { displayHash(of: $0, learned: learned) == identity }
        },
        into: &slipped)
      for candidate in slipped { leading.append(candidate) }
    }
    // Completions and slips together, by how likely each is: a likely
    // slip before an unlikely longer word, and the other way round.
    leading.sortByWeight(0..<leading.count)
    if exactCount > 0 {
      for candidate in leading { list.append(candidate) }
      leading.removeAll()
    }
    // Stems that read like a candidate already listed are left out.
    var shown = InlineArray<40, UInt64>(repeating: 0)
    let shownCount = list.count
    for index in 0..<shownCount { shown[index] = displayHash(of: list[index], learned: learned) }
    appendStems(keys, words, learned, into: &list) { identity in
      (0..<shownCount).contains { shown[$0] == identity }
        || leading.contains { displayHash(of: $0, learned: learned) == identity }
    }
    guard !leading.isEmpty else { return }
    // No exact word: the best stem (what `first` shows) stays first.
    var ordered = CandidateList()
    let lead = list.isEmpty ? 0 : 1
    for index in 0..<lead { ordered.append(list[index]) }
    for candidate in leading { ordered.append(candidate) }
    for index in lead..<list.count { ordered.append(list[index]) }
    list = ordered
  }

  // MARK: - Text

  /// Calls `body` with each scalar the candidate shows (a learned word's
  /// letters are in `learned`, the store it came from).
  public func forEachScalar(
    of candidate: Candidate, learned: UserDictionary?, _ body: (Unicode.Scalar) -> Void
  ) {
    let limit = candidate.stemLength > 0 ? Int(candidate.stemLength) : .max
    switch candidate.source {
    case .dictionary(let index):
      core.dictionary.forEachScalar(ofWord: Int(index), limit: limit, cache: core.cache, body)
    case .learned(let slot):
      learned?.forEachScalar(ofSlot: Int(slot), limit: limit, body)
    case .punctuation(let index):
      for _ in 0..<Swift.max(1, Int(candidate.repeatCount)) {
        body(Candidate.punctuation[Int(index)])
      }
    }
    if candidate.suffix >= 0 { body(Candidate.punctuation[Int(candidate.suffix)]) }
  }

  /// The candidate as a string (for tools; the editor uses `forEachScalar`).
  public func text(of candidate: Candidate, learned: UserDictionary?) -> String {
    var text = ""
    forEachScalar(of: candidate, learned: learned) { text.unicodeScalars.append($0) }
    return text
  }

  // MARK: - Learning

  /// Learns that the user committed `candidate` after `previous` (a word's
  /// hash, nil at the start of a text). Stems and punctuation teach nothing.
  public func learn(
    _ candidate: Candidate, previous: UInt64?, into learned: inout UserDictionary?
  ) {
    guard learned != nil, !candidate.isStem else { return }
    var scalars = ScalarRun()
    var hash = WordHash()
    switch candidate.source {
    case .punctuation: return
    case .dictionary(let index):
      core.dictionary.forEachScalar(ofWord: Int(index), cache: core.cache) { scalar in
        scalars.append(scalar)
        hash.add(scalar)
      }
    case .learned(let slot):
      learned?.forEachScalar(ofSlot: Int(slot)) { scalar in
        scalars.append(scalar)
        hash.add(scalar)
      }
    }
    learned?.noteWord(scalars)
    if let previous { learned?.notePair(previous: previous, word: hash.value) }
  }

  /// Learns a word the user spelled, so the same keys offer it next time;
  /// false if it cannot be learned (too long, or a character no key types).
  @discardableResult
  public func learnSpelled<C: Collection>(
    _ scalars: C, previous: UInt64?, into learned: inout UserDictionary?
  ) -> Bool
  where C.Element == Unicode.Scalar {
    guard learned != nil, !scalars.isEmpty else { return false }
    var keys = KeySequence()
    var hash = WordHash()
    for scalar in scalars {
      guard let key = KeyLayout.key(for: scalar), keys.append(key) else { return false }
      hash.add(scalar)
    }
    guard learned?.noteWord(scalars, spelled: true) == true else { return false }
    if let previous { learned?.notePair(previous: previous, word: hash.value) }
    return true
  }

  /// The hash of what a candidate shows (a stem's letters, a word with its
  /// punctuation), case-insensitive.
  public func displayHash(of candidate: Candidate, learned: UserDictionary?) -> UInt64 {
    var hash = WordHash()
    forEachScalar(of: candidate, learned: learned) { hash.add($0) }
    return hash.value
  }

  // MARK: - Internals

  /// A dictionary word's probability, from its score (Zipf × 100).
  @inline(__always)
  func baseWeight(_ score: Int) -> Double {
    core.probabilities[Swift.min(score, core.probabilities.count - 1)]
  }

  /// What the learning weights need to know once per query (the store
  /// itself is passed beside it: a copy of it would copy its arrays'
  /// references).
  private struct Evidence {
    /// The previous word's hash, if it counts.
    var previous: UInt64?
    /// `user / (total + userSmoothing)`: the weight of one use of a word.
    var perUse = 0.0
    /// `context / (previous word's count + contextSmoothing)`: the weight of
    /// one use of a pair.
    var perPairUse = 0.0
  }

  private func evidence(previous: UInt64?, _ learned: UserDictionary?) -> Evidence {
    // Read through `?.`, as in `learnedWeight`.
    guard let total = learned?.totalWordCount else { return Evidence() }
    var evidence = Evidence()
    evidence.perUse = weights.user / (Double(total) + weights.userSmoothing)
    if let previous, weights.context > 0 {
      evidence.previous = previous
      let count = Double(learned?.count(ofWord: previous) ?? 0)
      evidence.perPairUse = weights.context / (count + weights.contextSmoothing)
    }
    return evidence
  }

  /// The learned part of a word's weight: its uses, and its uses after the
  /// previous word. The store is read through `?.` where it lies: binding
  /// it (`if let`) would copy all of it, 184 bytes, at every word.
  @inline(__always)
  private func learnedWeight(
    _ hash: UInt64, count: Int, _ evidence: Evidence, _ learned: UserDictionary?
  ) -> Double {
    var weight = evidence.perUse * Double(count)
    if let previous = evidence.previous {
      let pairs = learned?.count(previous: previous, word: hash) ?? 0
      weight += evidence.perPairUse * Double(pairs)
    }
    return weight
  }

  func forEachExactWord(
    _ keys: KeySequence, _ words: T9Range, previous: UInt64?, _ learned: UserDictionary?,
    _ body: (Candidate) -> Void
  ) {
    let evidence = evidence(previous: previous, learned)
    var index = words.lower
    var emitted = InlineArray<64, UInt64>(repeating: 0)
    var emittedCount = 0
    while index < words.upper {
      guard core.dictionary.keyCount(ofWord: index, cache: core.cache) == keys.count else { break }
      var weight = baseWeight(core.dictionary.score(ofWord: index, cache: core.cache))
      if learned != nil {
        var hash = WordHash()
        core.dictionary.forEachScalar(ofWord: index, cache: core.cache) { hash.add($0) }
        let count = learned?.count(ofWord: hash.value) ?? 0
        weight += learnedWeight(hash.value, count: count, evidence, learned)
        if emittedCount < 64 {
          emitted[emittedCount] = hash.value
          emittedCount += 1
        }
      }
      body(Candidate(source: .dictionary(Int32(index)), weight: weight))
      index += 1
    }
    learned?.forEachWord(startingWith: keys) { slot, exact, count, spelled in
      guard exact, spelled, let wordHash = learned?.hash(ofSlot: slot) else { return }
      // A spelled word the dictionary has is already listed, with its uses.
      guard !(0..<emittedCount).contains(where: { emitted[$0] == wordHash }) else { return }
      let weight = learnedWeight(wordHash, count: count, evidence, learned)
      body(Candidate(source: .learned(Int16(slot)), weight: weight))
    }
  }

  private func bestStem(
    _ keys: KeySequence, _ words: T9Range, _ learned: UserDictionary?
  ) -> Candidate? {
    var best: Candidate?
    if let index = core.dictionary.bestWord(in: words, cache: core.cache) {
      best = Candidate(
        source: .dictionary(Int32(index)), stemLength: keys.count,
        weight: baseWeight(core.dictionary.score(ofWord: index, cache: core.cache)))
    }
    learned?.forEachWord(startingWith: keys) { slot, exact, count, spelled in
      guard !exact else { return }
      let weight = learnedStemWeight(
        slot: slot, count: count, spelled: spelled, within: words, learned)
      if best.map({ weight > $0.weight }) ?? true {
        best = Candidate(source: .learned(Int16(slot)), stemLength: keys.count, weight: weight)
      }
    }
    if var stem = best, stem.isStem, keyCount(of: stem, learned) == keys.count {
      stem.stemLength = 0  // the best word is exactly as long: not a stem
      best = stem
    }
    return best
  }

  /// The weight of a learned word that extends the keys typed (whose
  /// dictionary words are `words`): its dictionary probability, if it is a
  /// dictionary word, plus the user's uses.
  func learnedStemWeight(
    slot: Int, count: Int, spelled: Bool, within words: T9Range, _ learned: UserDictionary?
  ) -> Double {
    let uses = evidence(previous: nil, learned).perUse * Double(count)
    guard !spelled else { return uses }
    let hash = learned?.hash(ofSlot: slot) ?? 0
    let score: Int?
    if let known = core.learnedScores.score(slot: slot, hash: hash) {
      score = known
    } else {
      score = dictionaryScore(ofSlot: slot, hash: hash, within: words, learned)
      core.learnedScores.remember(slot: slot, hash: hash, score: score)
    }
    return (score.map { baseWeight($0) } ?? 0) + uses
  }

  /// The dictionary score of the learned word in `slot` (with `hash`),
  /// looked for among `words`; nil when the dictionary does not have it.
  private func dictionaryScore(
    ofSlot slot: Int, hash: UInt64, within words: T9Range, _ learned: UserDictionary?
  ) -> Int? {
    var keys = KeySequence()
    learned?.forEachScalar(ofSlot: slot) { keys.append(KeyLayout.key(for: $0) ?? 0) }
    let exact = core.dictionary.range(for: keys, within: words, cache: core.cache)
    var index = exact.lower
    while index < exact.upper {
      var wordHash = WordHash()
      core.dictionary.forEachScalar(ofWord: index, cache: core.cache) { wordHash.add($0) }
      if wordHash.value == hash { return core.dictionary.score(ofWord: index, cache: core.cache) }
      index += 1
    }
    return nil
  }

  private func keyCount(of candidate: Candidate, _ learned: UserDictionary?) -> Int {
    var whole = candidate
    whole.stemLength = 0
    var count = 0
    forEachScalar(of: whole, learned: learned) { _ in count += 1 }
    return count
  }

  private struct Stem {
    var identity: UInt64
    var candidate: Candidate
  }

  private func appendStems(
    _ keys: KeySequence, _ words: T9Range, _ learned: UserDictionary?,
    into list: inout CandidateList, isWord: (UInt64) -> Bool
  ) {
    var stems = InlineArray<24, Stem>(
      repeating: Stem(identity: 0, candidate: Candidate(source: .punctuation(0), weight: 0)))
    var stemCount = 0
    func consider(_ identity: UInt64, _ candidate: Candidate) {
      guard !isWord(identity) else { return }
      for index in 0..<stemCount where stems[index].identity == identity {
        if candidate.weight > stems[index].candidate.weight { stems[index].candidate = candidate }
        return
      }
      if stemCount < 24 {
        stems[stemCount] = Stem(identity: identity, candidate: candidate)
        stemCount += 1
        return
      }
      var weakest = 0
      for index in 1..<stemCount
      where stems[index].candidate.weight < stems[weakest].candidate.weight {
        weakest = index
      }
      if candidate.weight > stems[weakest].candidate.weight {
        stems[weakest] = Stem(identity: identity, candidate: candidate)
      }
    }
    let length = keys.count
    var index = words.lower
    while index < words.upper {
      if core.dictionary.keyCount(ofWord: index, cache: core.cache) > length {
        var stem = WordHash()
        core.dictionary.forEachScalar(ofWord: index, limit: length, cache: core.cache) {
          stem.add($0)
        }
        consider(
          stem.value,
          Candidate(
            source: .dictionary(Int32(index)), stemLength: length,
            weight: baseWeight(core.dictionary.score(ofWord: index, cache: core.cache))))
      }
      index += 1
    }
    learned?.forEachWord(startingWith: keys) { slot, exact, count, spelled in
      guard !exact else { return }
      var stem = WordHash()
      learned?.forEachScalar(ofSlot: slot, limit: length) { stem.add($0) }
      consider(
        stem.value,
        Candidate(
          source: .learned(Int16(slot)), stemLength: length,
          weight: learnedStemWeight(
            slot: slot, count: count, spelled: spelled, within: words, learned)))
    }
    let start = list.count
    for index in 0..<stemCount { list.append(stems[index].candidate) }
    list.sortByWeight(start..<list.count)
  }

}

extension KeySequence {
  /// The sequence without its last `count` keys.
  public func dropLast(_ count: Int) -> KeySequence {
    var copy = self
    for _ in 0..<Swift.min(count, self.count) { copy.removeLast() }
    return copy
  }
}
