/// Folds accented and special Latin letters to their base letters
/// (é→e, ñ→n, ł→l, đ→d, ß→ss, æ→ae, ø→o, ơ→o, ệ→e).
///
/// Used wherever a character must be shown or matched with fewer letters than
/// Unicode has: an LCD character ROM, a keypad's letter keys. Covers Latin-1
/// Supplement, Latin Extended-A, the Vietnamese letters of Latin Extended-B and
/// Latin Extended Additional, and drops combining marks. Table driven, no
/// Foundation, no allocation for single-letter results.
public enum LatinFolding {
  /// What a scalar folds to.
  public enum Result: Sendable, Hashable {
    /// The scalar needs no folding (ASCII, or not a Latin letter).
    case unchanged
    /// The scalar folds to one base character.
    case one(Unicode.Scalar)
    /// The scalar folds to two base characters (ß→ss, æ→ae, œ→oe, ĳ→ij).
    case two(Unicode.Scalar, Unicode.Scalar)
    /// A combining mark: it adds nothing once its base letter is folded.
    case dropped
  }

  // One base letter per scalar from U+00C0; "*" marks the two-letter cases,
  // "=" the symbols (× ÷) that are not letters and stay as they are.
  private static let latin1: [UInt8] = Array(
    "AAAAAA*CEEEEIIIIDNOOOOO=OUUUUYP*aaaaaa*ceeeeiiiidnooooo=ouuuuypy".utf8)
  // U+0100 ... U+017F.
  private static let extendedA: [UInt8] = Array(
    ("AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi**JjKkkLlLlLlLlLlNnNnNnnNn"
      + "OoOoOo**RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs").utf8)
  // U+1EA0 ... U+1EF9 (Vietnamese letters with tone marks).
  private static let vietnamese: [UInt8] = Array(
    ("AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOo"
      + "UuUuUuUuUuUuUuYyYyYyYy").utf8)

  /// Folds one scalar.
  public static func fold(_ scalar: Unicode.Scalar) -> Result {
    let value = scalar.value
    switch value {
    case 0..<0xC0:
      return .unchanged
    case 0xC0...0xFF:
      return expand(latin1[Int(value - 0xC0)], scalar)
    case 0x100...0x17F:
      return expand(extendedA[Int(value - 0x100)], scalar)
    case 0x180:
      return .one("b")
    case 0x1A0: return .one("O")
    case 0x1A1: return .one("o")
    case 0x1AF: return .one("U")
    case 0x1B0: return .one("u")
    case 0x1CD...0x1DC:
      // Pinyin tone letters: Ǎǎ Ǐǐ Ǒǒ Ǔǔ Ǖǖ Ǘǘ Ǚǚ Ǜǜ.
      let bases: [Unicode.Scalar] = ["A", "a", "I", "i", "O", "o", "U", "u"]
      let offset = Int(value - 0x1CD)
      return .one(offset < 8 ? bases[offset] : (offset % 2 == 0 ? "U" : "u"))
    case 0x218: return .one("S")
    case 0x219: return .one("s")
    case 0x21A: return .one("T")
    case 0x21B: return .one("t")
    case 0x300...0x36F:
      return .dropped
    case 0x1E9E:
      return .two("S", "S")
    case 0x1EA0...0x1EF9:
      return .one(Unicode.Scalar(vietnamese[Int(value - 0x1EA0)]))
    default:
      return .unchanged
    }
  }

  private static func expand(_ base: UInt8, _ scalar: Unicode.Scalar) -> Result {
    if base == UInt8(ascii: "=") { return .unchanged }
    guard base == UInt8(ascii: "*") else { return .one(Unicode.Scalar(base)) }
    switch scalar.value {
    case 0xC6: return .two("A", "E")
    case 0xDF: return .two("s", "s")
    case 0xE6: return .two("a", "e")
    case 0x132: return .two("I", "J")
    case 0x133: return .two("i", "j")
    case 0x152: return .two("O", "E")
    case 0x153: return .two("o", "e")
    default: return .unchanged
    }
  }

  /// The first base character of a scalar's folding, or the scalar itself;
  /// nil for a combining mark. For one-cell displays where ß must stay one cell.
  public static func baseCharacter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch fold(scalar) {
    case .unchanged: scalar
    case .one(let base): base
    case .two(let first, _): first
    case .dropped: nil
    }
  }

  /// Folds a whole string (for tests and tools; the key-press path uses
  /// `fold(_:)` per scalar).
  public static func fold(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch fold(scalar) {
      case .unchanged: result.unicodeScalars.append(scalar)
      case .one(let base): result.unicodeScalars.append(base)
      case .two(let first, let second):
        result.unicodeScalars.append(first)
        result.unicodeScalars.append(second)
      case .dropped: break
      }
    }
    return result
  }
}
