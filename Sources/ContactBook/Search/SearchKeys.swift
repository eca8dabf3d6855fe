import TextFolding
import Vocabulary

/// A text as the keypad types it, for T9 contact search: a digit per letter
/// (accents folded: é→e, ñ→n, ł→l, ß→ss, æ→ae, ø→o), digits as themselves,
/// `'` `-` `.` as 1, everything else dropped — with where each token starts
/// and which character of the original text each digit came from.
///
/// A token starts at the first kept character, after every dropped
/// character and after every character mapped from punctuation.
public struct SearchKeys: Sendable, Hashable {
  /// The digits, `0`–`9` as 0–9.
  public private(set) var digits: [UInt8] = []
  /// The index in `digits` where each token starts.
  public private(set) var tokenStarts: [Int] = []
  /// For each digit, the index of the character (grapheme) it came from.
  public private(set) var sources: [Int] = []

  /// Computes the keys of `text`.
  public init(_ text: String) {
    var afterBreak = true
    for (index, character) in text.enumerated() {
      var produced = false
      var punctuation = false
      for scalar in character.unicodeScalars {
        let (keys, count, isPunctuation) = SearchKeys.keys(for: scalar)
        for position in 0..<count {
          if afterBreak {
            tokenStarts.append(digits.count)
            afterBreak = false
          }
          digits.append(position == 0 ? keys.0 : keys.1)
          sources.append(index)
          produced = true
        }
        punctuation = punctuation || isPunctuation
      }
      if !produced || punctuation { afterBreak = true }
    }
  }

  /// Appends another text's keys as further tokens (a nickname after the
  /// name); its sources are offset by `sourceOffset`.
  public mutating func append(_ other: SearchKeys, sourceOffset: Int) {
    let base = digits.count
    digits.append(contentsOf: other.digits)
    tokenStarts.append(contentsOf: other.tokenStarts.map { $0 + base })
    sources.append(contentsOf: other.sources.map { $0 + sourceOffset })
  }

  /// The keys of one scalar: up to two digits (ß→ss), and whether it is
  /// punctuation mapped to 1. Combining marks give nothing without breaking
  /// the token (they belong to their letter).
  static func keys(for scalar: Unicode.Scalar) -> ((UInt8, UInt8), Int, Bool) {
    switch scalar {
    case "'", "’", "-", ".": return ((1, 0), 1, true)
    case "0"..."9": return ((UInt8(scalar.value - 48), 0), 1, false)
    default: break
    }
    switch LatinFolding.fold(scalar) {
    case .unchanged:
      return (KeypadLetters.key(ofLetter: scalar).map { (($0, 0), 1, false) } ?? ((0, 0), 0, false))
    case .one(let base):
      return (KeypadLetters.key(ofLetter: base).map { (($0, 0), 1, false) } ?? ((0, 0), 0, false))
    case .two(let first, let second):
      guard let a = KeypadLetters.key(ofLetter: first), let b = KeypadLetters.key(ofLetter: second)
      else { return ((0, 0), 0, false) }
      return ((a, b), 2, false)
    case .dropped: return ((0, 0), 0, false)
    }
  }

  /// The digits as text (`61266667`).
  public var text: String { String(digits.map { Character(Unicode.Scalar(48 + $0)) }) }
}
