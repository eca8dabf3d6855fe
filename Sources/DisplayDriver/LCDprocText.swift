import CharacterLCD
import TextFolding

/// The text of LCDd's protocol: lines of 8-bit bytes, words split as LCDd
/// 0.5.9 splits them (`server/parse.c`), and the firmware's characters
/// transcoded to Latin-1.
///
/// The protocol has no character set: LCDd hands the bytes of a string
/// widget to its driver. The `text` and `curses` drivers print them as they
/// are, and the `hd44780` driver's character maps (`CharMap=`) take Latin-1
/// to the module's ROM, so Latin-1 (ISO 8859-1) is what a client sends.
/// Characters outside it are folded: a custom glyph's fallback (`↑` → `^`,
/// `€` → `E`), the ROM's own symbols to look-alikes (`→` → `>`), accented
/// letters to their base letter (`ő` → `o`), anything else to `?`.
public enum LCDprocText {
  /// The Latin-1 byte that shows `scalar` on LCDd's display.
  public static func byte(for scalar: Unicode.Scalar) -> UInt8 {
    let value = scalar.value
    if (0x20...0x7E).contains(value) || (0xA1...0xFF).contains(value) { return UInt8(value) }
    if value == 0xA0 { return 0x20 }
    if let substitute = substitute(for: scalar) { return substitute }
    if let glyph = GlyphLibrary.glyph(for: scalar) { return byte(for: glyph.fallback) }
    switch LatinFolding.fold(scalar) {
    case .one(let base) where base.value <= 0xFF: return byte(for: base)
    case .two(let first, _) where first.value <= 0xFF: return byte(for: first)
    default: return 0x3F
    }
  }

  /// The character ROM symbols and stand-ins the firmware may draw that
  /// Latin-1 lacks, as the nearest Latin-1 character.
  private static func substitute(for scalar: Unicode.Scalar) -> UInt8? {
    switch scalar {
    case "→": 0x3E  // >
    case "←": 0x3C  // <
    case "μ": 0xB5  // µ
    case "β": 0xDF  // ß (the firmware draws ß as β on A00)
    case "\u{FF9F}": 0xB0  // A00's half-width semi-voiced mark stands for °
    case "█": 0x23  // #
    case "⌂": 0x5E  // ^
    case "√": 0x76  // v
    case "∞": 0x38  // 8
    case "Σ": 0x45  // E
    case "π": 0x70  // p
    case "Ω": 0x4F  // O
    case "θ": 0x30  // 0
    case "α": 0x61  // a
    case "ε": 0x65  // e
    case "σ": 0x6F  // o
    case "ρ": 0x70  // p
    case "“", "”", "„": 0x22  // "
    case "‘", "’", "‚": 0x27  // '
    case "–", "—", "−", "‐": 0x2D  // -
    case "…": 0x2E  // .
    default: nil
    }
  }

  /// The rows LCDd shows for `frame`: every cell transcoded by
  /// `byte(for:)` and read back as Unicode (`↑` → `^`, `ü` stays) — what a
  /// scenario's simulated LCDd must show when it is up to date.
  public static func rows(of frame: LCDFrame) -> [String] {
    (0..<frame.geometry.rows).map { row in
      var text = ""
      for column in 0..<frame.geometry.columns {
        let byte = byte(for: frame.character(row: row, column: column))
        text.unicodeScalars.append(Unicode.Scalar(byte))
      }
      return text
    }
  }

  /// Appends `bytes` as a quoted argument: `"…"`, with `"` and `\` escaped
  /// by a backslash (LCDd reads `\x` as `x`, except `\n`, `\r`, `\t`).
  public static func appendQuoted(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
    line.append(0x22)
    for byte in bytes {
      if byte == 0x22 || byte == 0x5C { line.append(0x5C) }
      line.append(byte)
    }
    line.append(0x22)
  }

  /// The number of bytes `appendQuoted` adds for `bytes`.
  public static func quotedCount(_ bytes: ArraySlice<UInt8>) -> Int {
    var count = 2
    for byte in bytes { count += byte == 0x22 || byte == 0x5C ? 2 : 1 }
    return count
  }

  /// The words of a line as LCDd splits them: separated by spaces, tabs and
  /// carriage returns; `"…"` and `{…}` quote; a backslash takes the next
  /// byte literally (`\n`, `\r`, `\t` as control characters). Nil for an
  /// unterminated quote or a trailing backslash.
  public static func words(_ line: ArraySlice<UInt8>) -> [[UInt8]]? {
    var words: [[UInt8]] = []
    var word: [UInt8] = []
    var inWord = false
    var quote: UInt8 = 0
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      index += 1
      if byte == 0x5C {
        guard index < line.endIndex else { return nil }
        let next = line[index]
        index += 1
        word.append(next == 0x6E ? 0x0A : next == 0x72 ? 0x0D : next == 0x74 ? 0x09 : next)
        inWord = true
      } else if quote == 0 && (byte == 0x22 || byte == 0x7B) {
        quote = byte == 0x22 ? 0x22 : 0x7D
        inWord = true
      } else if quote != 0 && byte == quote {
        quote = 0
        words.append(word)
        word.removeAll(keepingCapacity: true)
        inWord = false
      } else if quote == 0 && (byte == 0x20 || byte == 0x09 || byte == 0x0D) {
        if inWord {
          words.append(word)
          word.removeAll(keepingCapacity: true)
          inWord = false
        }
      } else {
        word.append(byte)
        inWord = true
      }
    }
    guard quote == 0 else { return nil }
    if inWord { words.append(word) }
    return words
  }

  /// Latin-1 bytes as a string (each byte is the code point of its value).
  public static func string(_ bytes: ArraySlice<UInt8>) -> String {
    var text = ""
    for byte in bytes { text.unicodeScalars.append(Unicode.Scalar(byte)) }
    return text
  }

  /// A string as Latin-1 bytes, each character transcoded by `byte(for:)`.
  public static func bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { byte(for: $0) }
  }
}
