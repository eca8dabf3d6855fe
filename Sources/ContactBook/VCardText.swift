/// Value encodings shared by the vCard reader and writer: backslash escapes,
/// quoted-printable, character sets.
enum VCardText {
  /// `text` without leading and trailing white space.
  static func trimmed(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return String(slice)
  }

  /// Whether `part` occurs in `text`, compared character by character (the
  /// standard library's substring `contains` is not in Embedded Swift).
  static func occurs(_ part: String, in text: String) -> Bool {
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.starts(with: part) { return true }
      rest = rest.dropFirst()
    }
    return part.isEmpty
  }

  /// `bytes` split at each `separator` not preceded by a backslash (the
  /// escapes are kept, for `unescaped` to remove).
  static func split(_ bytes: [UInt8], on separator: UInt8) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var current: [UInt8] = []
    var escaped = false
    for byte in bytes {
      if escaped {
        current.append(byte)
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        current.append(byte)
        escaped = true
      } else if byte == separator {
        parts.append(current)
        current = []
      } else {
        current.append(byte)
      }
    }
    parts.append(current)
    return parts
  }

  /// `text` with the vCard escapes `\n` `\N` `\,` `\;` `\:` `\\` replaced by
  /// what they stand for; any other backslash is kept.
  static func unescaped(_ text: String) -> String {
    guard text.unicodeScalars.contains("\\") else { return text }
    var result = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        escaped = false
        switch scalar {
        case "n", "N": result.append("\n")
        case ",", ";", ":", "\\": result.append(scalar)
        default:
          result.append("\\")
          result.append(scalar)
        }
      } else if scalar == "\\" {
        escaped = true
      } else {
        result.append(scalar)
      }
    }
    if escaped { result.append("\\") }
    return String(result)
  }

  /// `text` escaped for a vCard 3.0 text value: `\` `,` `;` and line breaks.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\\", ",", ";":
        result.append("\\")
        result.append(scalar)
      case "\r":
        result.append(contentsOf: "\\n".unicodeScalars)
      case "\n":
        // CR LF is one line break.
        if !afterCarriageReturn { result.append(contentsOf: "\\n".unicodeScalars) }
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The bytes a quoted-printable text stands for (`=C3=A9` is 0xC3 0xA9; an
  /// `=` not followed by two hex digits is kept). Soft line breaks are
  /// already gone when the lines were joined.
  static func quotedPrintableDecoded(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "="), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  /// The text of `bytes` in `charset` (lower case; nil means unlabelled):
  /// UTF-8 when they are valid UTF-8, otherwise Windows-1252 (a superset of
  /// ISO-8859-1) for unlabelled, UTF-8 and Latin-1 labels; nil for bytes in
  /// another character set, which cannot be decoded here.
  static func decoded(_ bytes: [UInt8], charset: String?) -> String? {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let latin: Set<String> = [
      "utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin1", "latin-1",
      "windows-1252", "cp1252",
    ]
    if let charset, !latin.contains(charset) { return nil }
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? windows1252[Int(byte) - 0x80] : UInt32(byte)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// `text` with URI `%XX` escapes decoded.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `scalar` is a Han, kana or Hangul character: names in those
  /// scripts are written family name first, without a space.
  static func isEastAsian(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
      return true
    default:
      return false
    }
  }

  /// Windows-1252 bytes 0x80 ... 0x9F (the undefined ones as C1 controls).
  private static let windows1252: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  /// The value of an ASCII hex digit.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}
