import KeypadInput
import T9Engine

extension TextEditor {
  /// Works out the offer shown on the glass after a key: while a word is
  /// composed at the end of the text, the completion of a likelier longer
  /// word that the word shown begins; right after a word and a space at
  /// the end of the text, the likeliest next word. Only in free text (a
  /// message: names and numbers are not predicted beyond their keys);
  /// nothing while spelling, in multi-tap, or once the next words were
  /// walked past with `*`.
  mutating func refreshOffer() {
    offer = nil
    offerText = ScalarRun()
    guard contentType == .text, mode == .predictive, spellStart == nil, pending == nil,
      let predictor
    else { return }
    if let composition {
      guard composition.start + composition.length == buffer.count, !composition.fromOffers,
        composition.index == 0,
        let shown = composition.candidate, !composition.keys.isEmpty,
        let completion = predictor.completion(
          for: composition.keys, previous: composition.previous, range: composition.range,
          shown: shown, learned: learning)
      else { return }
      setOffer(completion, capitalized: composition.capitalized)
      // Offered only where its rest can be shown after the word: the word
      // on the glass reads as its beginning.
      if offerTailStart == nil {
        offer = nil
        offerText = ScalarRun()
      }
      return
    }
    guard !offersDeclined, cursor == buffer.count, cursor > 0, buffer[cursor - 1] == " ",
      let previous = previousWordHash(before: cursor)
    else { return }
    var list = CandidateList()
    predictor.nextWords(after: previous, learned: learning, into: &list)
    guard let first = list.first else { return }
    setOffer(first, capitalized: letterCase == .sentence && startsSentence(at: cursor))
  }

  private mutating func setOffer(_ candidate: Candidate, capitalized: Bool) {
    guard let predictor else { return }
    var scalars = ScalarRun()
    let allUpper = letterCase == .upper
    // The closure reads no property of the editor (as in `show`).
    predictor.forEachScalar(of: candidate, learned: learning) { scalar in
      let upper = allUpper || (scalars.isEmpty && capitalized)
      scalars.append(upper ? LetterCase.uppercase(scalar) : scalar)
    }
    offer = candidate
    offerText = scalars
  }

  /// Where the part of the offered completion still to type begins in
  /// `offerText`, when the word shown reads as its beginning (case aside);
  /// nil otherwise, and for a next word.
  public var offerTailStart: Int? {
    guard offer != nil, let composition, composition.length < offerText.count else { return nil }
    for index in 0..<composition.length {
      let shown = buffer[composition.start + index]
      guard LetterCase.lowercase(shown) == LetterCase.lowercase(offerText[index]) else {
        return nil
      }
    }
    return composition.length
  }

  /// `right` at the end of the text with an offer shown: the offered word
  /// replaces the word composed (or is written after the space) and is
  /// committed with a space, as `0` commits a candidate. Nil: not handled.
  mutating func takeOffer() -> EditorOutcome? {
    guard let offer, predictor != nil else { return nil }
    var current =
      composition
      ?? Composition(
        start: cursor, previous: previousWordHash(before: cursor),
        capitalized: letterCase == .sentence && startsSentence(at: cursor))
    guard current.start + current.length == buffer.count else { return nil }
    guard show(offer, in: &current) else { return .refused(notice: fullNotice) }
    current.keys = keys(of: offer)
    candidates.removeAll()
    composition = current
    commitComposition()
    return insertTyped(" ")
  }

  /// `*` right after a word and a space, with next words offered: the
  /// first is shown as the word being composed; further `*` walk the
  /// others (`nextCandidate`), and past the last the text is as before and
  /// `*` changes case again.
  mutating func startNextWords() -> EditorOutcome? {
    guard offer != nil, composition == nil, let predictor else { return nil }
    let previous = previousWordHash(before: cursor)
    predictor.nextWords(after: previous, learned: learning, into: &candidates)
    guard let first = candidates.first else { return nil }
    var current = Composition(
      start: cursor, previous: previous,
      capitalized: letterCase == .sentence && startsSentence(at: cursor))
    guard show(first, in: &current) else { return .refused(notice: fullNotice) }
    current.keys = keys(of: first)
    current.range = predictor.range(for: current.keys)
    current.fromOffers = true
    composition = current
    return .handled
  }

  /// The keys that type a candidate's letters.
  private func keys(of candidate: Candidate) -> KeySequence {
    var keys = KeySequence()
    predictor?.forEachScalar(of: candidate, learned: learning) { scalar in
      _ = keys.append(KeyLayout.key(for: scalar) ?? 1)
    }
    return keys
  }
}
