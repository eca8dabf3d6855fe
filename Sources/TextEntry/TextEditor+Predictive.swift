import KeypadInput
import T9Engine

extension TextEditor {
  /// T9: digit keys grow the word being composed, `*` walks its candidates
  /// and, after the last, starts Spell. Everything else falls through to the
  /// common key handling, which commits the word first. Nil: not handled here.
  mutating func handlePredictive(_ gesture: Gesture) -> EditorOutcome? {
    guard gesture.kind == .tap else { return nil }
    switch gesture.key {
    case .one, .two, .three, .four, .five, .six, .seven, .eight, .nine:
      return addKey(gesture.key.digit ?? 1)
    case .star:
      return composition == nil ? startNextWords() : nextCandidate()
    case .right:
      return takeOffer()
    default:
      return nil
    }
  }

  /// Spell: letters are typed with multi-tap; `ok` (or `0`, which also types
  /// a space) adds the word to the user dictionary. Nil: not handled here.
  mutating func handleSpelling(_ gesture: Gesture) -> EditorOutcome? {
    guard gesture.kind == .tap else { return nil }
    switch gesture.key {
    case .ok:
      finishSpelling()
      return .handled
    case .zero:
      finishSpelling()
      return nil
    case .hash:
      return .refused(notice: "ok: save word")
    default:
      return nil
    }
  }

  /// Commits the word being composed: the cursor goes after it and the
  /// choice is learned.
  mutating func commitComposition() {
    guard let composition else { return }
    self.composition = nil
    candidates.removeAll()
    cursor = composition.start + composition.length
    if let candidate = composition.candidate {
      predictor?.learn(candidate, previous: composition.previous, into: &learning)
    }
  }

  /// Removes the last key of the word being composed (`back`, hold `#`):
  /// the shorter word's range is found again and its first candidate shown.
  mutating func removeLastKey() -> EditorOutcome {
    guard var current = composition, let predictor else { return .ignored }
    current.keys.removeLast()
    candidates.removeAll()
    if current.keys.isEmpty {
      for _ in 0..<current.length { buffer.remove(at: current.start) }
      cursor = current.start
      composition = nil
      return .handled
    }
    let range = predictor.range(for: current.keys)
    current.range = range
    current.fromOffers = false
    guard
      let candidate = predictor.first(
        for: current.keys, previous: current.previous, range: range, learned: learning)
    else { return .ignored }
    _ = show(candidate, in: &current)
    current.index = 0
    composition = current
    return .handled
  }

  // MARK: - Composing

  private mutating func addKey(_ digit: UInt8) -> EditorOutcome {
    guard let predictor else { return .ignored }
    if let current = composition, current.keys.trailingOnes == current.keys.count, digit != 1 {
      commitComposition()  // punctuation alone, then a new word
    }
    let started = composition == nil
    var current =
      composition
      ?? Composition(
        start: cursor, previous: previousWordHash(before: cursor),
        capitalized: letterCase == .sentence && startsSentence(at: cursor))
    var keys = current.keys
    guard keys.append(digit) else { return .refused(notice: "Word too long") }
    let within = current.keys.isEmpty ? nil : current.range
    let range = predictor.range(for: keys, within: within)
    var base = current.punctuationBase
    if digit != 1 {
      base = nil
    } else if current.keys.trailingOnes == 0, var shown = current.candidate {
      shown.suffix = -1
      base = shown
    }
    guard
      let candidate = predictor.first(
        for: keys, previous: current.previous, range: range, punctuating: base,
        learned: learning)
    else {
      if !started && current.keys.trailingOnes > 0 && digit != 1 {
        commitComposition()  // "hello." then a new word
        return addKey(digit)
      }
      return .refused(notice: "No word: *=Spell")
    }
    guard show(candidate, in: &current) else { return .refused(notice: fullNotice) }
    current.keys = keys
    current.range = range
    current.fromOffers = false
    current.punctuationBase = base
    current.index = 0
    candidates.removeAll()
    composition = current
    return .handled
  }

  private mutating func nextCandidate() -> EditorOutcome {
    guard var current = composition, let predictor else { return .ignored }
    if candidates.isEmpty {
      predictor.candidates(
        for: current.keys, previous: current.previous,
        range: current.range, punctuating: current.punctuationBase,
        learned: learning, into: &candidates)
    }
    let next = current.index + 1
    if current.fromOffers && next >= candidates.count {
      // Past the last next word: back to the text as it was.
      for _ in 0..<current.length { buffer.remove(at: current.start) }
      cursor = current.start
      composition = nil
      candidates.removeAll()
      offersDeclined = true
      return .handled
    }
    guard next < candidates.count else {
      // After the last candidate: Spell.
      for _ in 0..<current.length { buffer.remove(at: current.start) }
      cursor = current.start
      composition = nil
      candidates.removeAll()
      spellStart = current.start
      return .handled
    }
    guard show(candidates[next], in: &current) else { return .refused(notice: fullNotice) }
    current.index = next
    composition = current
    return .handled
  }

  /// Puts a candidate's text (with the case in force) where the word is
  /// shown; false, changing nothing, if it does not fit.
  mutating func show(_ candidate: Candidate, in current: inout Composition) -> Bool {
    guard let predictor else { return false }
    var scalars = ScalarRun()
    // The closure reads no property of the editor: one that did would make
    // Swift copy the learning store handed over with it.
    let allUpper = letterCase == .upper
    let capitalized = current.capitalized
    predictor.forEachScalar(of: candidate, learned: learning) { scalar in
      let upper = allUpper || (scalars.isEmpty && capitalized)
      scalars.append(upper ? LetterCase.uppercase(scalar) : scalar)
    }
    guard fits(replacing: current.length, at: current.start, with: scalars) else { return false }
    for _ in 0..<current.length { buffer.remove(at: current.start) }
    for (index, scalar) in scalars.enumerated() { buffer.insert(scalar, at: current.start + index) }
    let count = scalars.count
    current.length = count
    current.candidate = candidate
    cursor = current.start + count
    return true
  }

  // MARK: - Spell

  private mutating func finishSpelling() {
    guard let start = spellStart else { return }
    if pending != nil {
      pending = nil
      cursor += 1
    }
    spellStart = nil
    guard cursor > start else { return }
    var word = ScalarRun()
    for index in start..<cursor { word.append(buffer[index]) }
    // A capital that sentence case put at a sentence start is not part of
    // the word: "Gooj" typed first in a sentence is learned as "gooj".
    var learned = ScalarRun()
    let autoCapital =
      letterCase == .sentence && startsSentence(at: start)
      && word.dropFirst().allSatisfy { LetterCase.lowercase($0) == $0 }
    for (index, scalar) in word.enumerated() {
      learned.append(index == 0 && autoCapital ? LetterCase.lowercase(scalar) : scalar)
    }
    predictor?.learnSpelled(learned, previous: previousWordHash(before: start), into: &learning)
  }

  /// The hash of the word just before `index` (letters and apostrophes,
  /// separated by spaces), or nil when none is there.
  @inline(__always)
  func previousWordHash(before index: Int) -> UInt64? {
    var end = index
    while end > 0 && buffer[end - 1] == " " { end -= 1 }
    var start = end
    while start > 0 && KeyLayout.key(for: buffer[start - 1]) != nil { start -= 1 }
    guard start < end else { return nil }
    var hash = WordHash()
    for position in start..<end { hash.add(buffer[position]) }
    return hash.value
  }
}
