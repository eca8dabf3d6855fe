/// The contract of `t9phone t9 suggest`: what the phone offers for the keys
/// typed so far, each with the key presses that enter it followed by a
/// space, and the context and learning a committed word changes — a typist's
/// view of the predictor, for measuring it on a text.
///
/// The offers for keys typed are the `*` cycle (`Predictor.candidates`):
/// the candidate at place `i` is shown after `i` presses of `*`, and `0`
/// enters it with a space, so it costs `i + 1`.
public struct Suggester {
  /// The dictionary and the weights.
  public let predictor: Predictor
  /// What was learned (nil: learning is off).
  public private(set) var learned: UserDictionary?
  /// Whether the keypad has a `right` key (see `offers(for:)`).
  public var arrows = false
  private var previous: UInt64?
  private var list = CandidateList()

  /// A suggester on `predictor`, learning into `learned` when given.
  public init(predictor: Predictor, learned: UserDictionary?) {
    self.predictor = predictor
    self.learned = learned
  }

  /// Every choice offered for `keys` (empty: nothing typed yet), in the
  /// order offered, with its cost in key presses.
  ///
  /// After a word and a space (no keys), the next words: the one at place
  /// `i` is shown after `i + 1` presses of `*`, and `0` enters it with a
  /// space. With `arrows`, the keypad has a `right` key, which takes the
  /// offer shown on the glass (the first next word, or the completion shown
  /// after the word being composed) with its space in one press.
  public mutating func offers(for keys: KeySequence) -> [(word: String, presses: Int)] {
    var offers: [(word: String, presses: Int)] = []
    guard !keys.isEmpty else {
      predictor.nextWords(after: previous, learned: learned, into: &list)
      for (index, candidate) in list.enumerated() {
        offers.append(
          (predictor.text(of: candidate, learned: learned), arrows && index == 0 ? 1 : index + 2))
      }
      return offers
    }
    let range = predictor.range(for: keys)
    var shown: UInt64?
    if arrows,
      let first = predictor.first(
        for: keys, previous: previous, range: range, learned: learned),
      let completion = predictor.completion(
        for: keys, previous: previous, range: range, shown: first, learned: learned),
      predictor.text(of: completion, learned: learned).lowercased().hasPrefix(
        predictor.text(of: first, learned: learned).lowercased())
    {
      shown = predictor.displayHash(of: completion, learned: learned)
    }
    predictor.candidates(
      for: keys, previous: previous, range: range, learned: learned, into: &list)
    for (index, candidate) in list.enumerated() {
      let taken =
        shown != nil && !candidate.isStem
        && predictor.displayHash(of: candidate, learned: learned) == shown
      offers.append((predictor.text(of: candidate, learned: learned), taken ? 1 : index + 1))
    }
    return offers
  }

  /// `word` was entered: it is learned (as chosen among its keys'
  /// candidates, or as spelled when none reads like it) and becomes the
  /// previous word.
  public mutating func commit(_ word: String) {
    var keys = KeySequence()
    for scalar in word.unicodeScalars {
      guard keys.append(KeyLayout.key(for: scalar) ?? 0) else {
        previous = nil
        return
      }
    }
    predictor.candidates(for: keys, previous: previous, learned: learned, into: &list)
    let wanted = word.lowercased()
    let chosen = list.first { candidate in
      !candidate.isStem && candidate.suffix < 0
        && predictor.text(of: candidate, learned: learned).lowercased() == wanted
    }
    if let chosen {
      predictor.learn(chosen, previous: previous, into: &learned)
    } else {
      predictor.learnSpelled(Array(word.unicodeScalars), previous: previous, into: &learned)
    }
    previous = WordHash.of(word)
  }

  /// A new text begins: no previous word.
  public mutating func reset() {
    previous = nil
  }

  /// Answers one line of `t9 suggest`'s input: `keys DIGITS`, `keys`,
  /// `commit WORD`, `reset`. The answer's lines (for `keys`: one
  /// `WORD<TAB>PRESSES` an offer, then an empty line), or what is wrong.
  public mutating func answer(_ line: String) -> Result<[String], SuggestError> {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let command = words.first else { return .failure(SuggestError("an empty line")) }
    switch command {
    case "keys":
      guard words.count <= 2 else { return .failure(SuggestError("keys takes one DIGITS")) }
      var keys = KeySequence()
      if words.count == 2 {
        guard let typed = KeySequence(String(words[1])), !words[1].contains("0") else {
          return .failure(SuggestError("'\(words[1])' is not a word's keys (1-9)"))
        }
        keys = typed
      }
      return .success(offers(for: keys).map { "\($0.word)\t\($0.presses)" } + [""])
    case "commit":
      guard words.count == 2 else { return .failure(SuggestError("commit takes one WORD")) }
      commit(String(words[1]))
      return .success([])
    case "reset":
      guard words.count == 1 else { return .failure(SuggestError("reset takes nothing")) }
      reset()
      return .success([])
    default:
      return .failure(SuggestError("unknown command '\(command)' (keys, commit, reset)"))
    }
  }
}
