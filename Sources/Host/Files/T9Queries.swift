import Board
import Diagnostics
import T9Engine
import TextEntry

/// What `t9phone t9` asks the engine: a language's predictor from the
/// dictionaries folder, the candidates of a key sequence, and the typist
/// of `t9 session` with what it learned before.
public enum T9Queries {
  /// The predictor of the language with `code` (`en`, `id`) on its
  /// dictionary in `folder`; an unknown code or a missing or invalid
  /// dictionary is refused.
  public static func predictor(language code: String, folder: String) throws -> Predictor {
    let language = try self.language(code)
    return Predictor(dictionary: try DictionaryFiles.load(language, folder: folder, log: .disabled))
  }

  /// The language with `code`, or a refusal that lists the known ones.
  public static func language(_ code: String) throws -> Language {
    guard let language = Language(code: code) else {
      throw CLIError("unknown language '\(code)' (en, id)")
    }
    return language
  }

  /// The candidates of `digits` in `*` order, as text (none for an empty
  /// line or one that is not a key sequence); `list` is the reused buffer.
  public static func candidates(
    _ digits: String, _ predictor: Predictor, list: inout CandidateList
  ) -> [String] {
    guard !digits.isEmpty, let keys = KeySequence(digits) else { return [] }
    predictor.candidates(for: keys, previous: nil, learned: nil, into: &list)
    return list.map { predictor.text(of: $0, learned: nil) }
  }

  /// The typist of `t9 session`: `predictor` with `weights`, and `learned`
  /// (nil: no learning) giving `pairShare` of its records (0 to 1) to word
  /// pairs.
  public static func typist(
    _ predictor: Predictor, weights: LearningWeights, learned: UserDictionary?, pairShare: Double
  ) -> SessionTypist {
    var predictor = predictor
    predictor.weights = weights
    var learned = learned
    if let capacity = learned?.capacity {
      learned?.maximumPairRecords = Int(Double(capacity) * min(max(pairShare, 0), 1))
    }
    return SessionTypist(predictor: predictor, learned: learned)
  }
}
