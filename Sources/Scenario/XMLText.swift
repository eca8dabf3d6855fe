/// Text made safe for an XML 1.0 document: the five markup characters as
/// entities, and the characters XML 1.0 forbids — most C0 controls, which an
/// LCD's custom-character codes 0–7 are, and U+FFFE/U+FFFF — replaced by
/// visible stand-ins, so a report stays well-formed whatever a screen holds.
public enum XMLText {
  /// `text` for an element's content: `&`, `<`, `>`, `"`, `'` as entities,
  /// carriage returns as `&#13;` (a parser would turn them into line feeds),
  /// line feeds and tabs kept.
  public static func content(_ text: String) -> String {
    escaped(text, inAttribute: false)
  }

  /// `text` for an attribute's value: as `content(_:)`, and line feeds and
  /// tabs too as character references (a parser would turn them into spaces).
  public static func attribute(_ text: String) -> String {
    escaped(text, inAttribute: true)
  }

  /// The stand-in for a character XML 1.0 does not allow: a C0 control
  /// becomes its Control Pictures symbol (U+0001 is `␁`), anything else
  /// the replacement character `�`.
  public static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
      return picture
    }
    return "\u{FFFD}"
  }

  /// Whether XML 1.0 allows `scalar` in a document (its `Char` production).
  /// Swift's scalars are never surrogates, so only the controls below
  /// U+0020 other than tab, line feed and carriage return, and U+FFFE and
  /// U+FFFF, are left out.
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return true
    case 0..<0x20: return false
    case 0xFFFE, 0xFFFF: return false
    default: return true
    }
  }

  private static func escaped(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\r": result += "&#13;"
      case "\n" where inAttribute: result += "&#10;"
      case "\t" where inAttribute: result += "&#9;"
      default:
        result.unicodeScalars.append(isAllowed(scalar) ? scalar : standIn(for: scalar))
      }
    }
    return result
  }
}
