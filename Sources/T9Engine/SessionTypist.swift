/// Types text the way a T9 user would, for `t9phone t9 session`: each word's
/// keys, then the word chosen with `*` or spelled; spaces and punctuation
/// pass through and end the context when they are not spaces.
public struct SessionTypist {
  /// The dictionary the words are looked up in.
  public let predictor: Predictor
  /// What the session learned (nil: learning is off).
  public private(set) var learned: UserDictionary?
  private var previous: UInt64?
  private var list = CandidateList()

  /// A typist on `predictor`, learning into `learned` when given.
  public init(predictor: Predictor, learned: UserDictionary?) {
    self.predictor = predictor
    self.learned = learned
  }

  /// Types `text`, calling `report` with one `word<TAB>candidates…` line per
  /// word.
  public mutating func type(_ text: String, report: (String) -> Void) {
    var word: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
      if KeyLayout.key(for: scalar) != nil {
        word.append(scalar)
        continue
      }
      finish(&word, report: report)
      if scalar != " " { previous = nil }
    }
    finish(&word, report: report)
  }

  private mutating func finish(_ word: inout [Unicode.Scalar], report: (String) -> Void) {
    defer { word.removeAll(keepingCapacity: true) }
    // Apostrophes around a word are quotation marks, not part of it.
    var letters = word[...]
    var leading = false
    while letters.first == "'" || letters.first == "’" {
      letters = letters.dropFirst()
      leading = true
    }
    while letters.last == "'" || letters.last == "’" { letters = letters.dropLast() }
    if leading { previous = nil }
    guard !letters.isEmpty else { return }
    var keys = KeySequence()
    for scalar in letters {
      guard keys.append(KeyLayout.key(for: scalar) ?? 0) else {
        previous = nil
        return  // longer than any word the keypad can compose
      }
    }
    predictor.candidates(for: keys, previous: previous, learned: learned, into: &list)
    let typed = String(String.UnicodeScalarView(letters))
    var line = typed
    var chosen: Candidate?
    for candidate in list {
      let text = predictor.text(of: candidate, learned: learned)
      line += "\t" + text
      if chosen == nil, !candidate.isStem, candidate.suffix < 0,
        text.lowercased() == typed.lowercased()
      {
        chosen = candidate
      }
    }
    report(line)
    if let chosen {
      predictor.learn(chosen, previous: previous, into: &learned)
    } else {
      predictor.learnSpelled(Array(letters), previous: previous, into: &learned)
    }
    previous = WordHash.of(typed)
  }
}
