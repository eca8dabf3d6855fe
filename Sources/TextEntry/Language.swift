import Vocabulary

/// A typing language: the letters on each key and the punctuation on key 1.
public enum Language: String, Sendable, Hashable, CaseIterable {
  /// English.
  case english = "en"
  /// Indonesian (Bahasa Indonesia).
  case indonesian = "id"

  /// The ISO 639-1 code used in settings and scenarios (`en`, `id`).
  public var code: String { rawValue }

  /// The language for an ISO 639-1 code.
  public init?(code: String) { self.init(rawValue: code) }

  /// The name shown in settings.
  public var displayName: String {
    switch self {
    case .english: "English"
    case .indonesian: "Indonesia"
    }
  }

  /// The lowercase letters on a digit key, in multi-tap order. Both languages
  /// use the ITU-T E.161 layout; Indonesian needs no accented letters.
  public func letters(on key: UInt8) -> [Unicode.Scalar] {
    switch key {
    case 2: Language.e161[0]
    case 3: Language.e161[1]
    case 4: Language.e161[2]
    case 5: Language.e161[3]
    case 6: Language.e161[4]
    case 7: Language.e161[5]
    case 8: Language.e161[6]
    case 9: Language.e161[7]
    default: []
    }
  }

  /// What multi-tap cycles through on a digit key: its letters, then the
  /// digit (`a b c 2`). Shared storage, so typing allocates nothing.
  public func multitapCycle(on key: UInt8) -> [Unicode.Scalar] {
    guard (2...9).contains(key) else { return [] }
    return Language.e161Cycles[Int(key) - 2]
  }

  /// The digit key that types `letter` (case-insensitive), if any.
  public func key(for letter: Unicode.Scalar) -> UInt8? {
    let lower = LetterCase.lowercase(letter)
    for key in UInt8(2)...9 where letters(on: key).contains(lower) {
      return key
    }
    return nil
  }

  private static let e161Cycles: [[Unicode.Scalar]] = (2...9).map { key in
    e161[key - 2] + [Unicode.Scalar(UInt8(ascii: "0") + UInt8(key))]
  }

  private static let e161: [[Unicode.Scalar]] = (2...9).map { KeypadLetters.letters(on: $0) }
}
