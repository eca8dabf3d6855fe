/// Value encodings shared by the vCard reader and writer: backslash escapes,
/// quoted-printable, base64, URI escapes.
enum VCardText {
  /// `text` without leading and trailing white space.
  static func trimmed(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return String(slice)
  }

  /// `text` split at each `separator` not preceded by a backslash (the
  /// escapes are kept, for `unescaped` to remove).
  static func split(_ text: String, on separator: Unicode.Scalar) -> [String] {
    var parts: [String] = []
    var current = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        current.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        current.append(scalar)
        escaped = true
      } else if scalar == separator {
        parts.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    parts.append(String(current))
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

  /// The bytes of base64 text (RFC 4648; white space and line breaks
  /// skipped, padding optional), or nil when it is not base64.
  static func base64Decoded(_ bytes: [UInt8]) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    var ended = false
    for byte in bytes {
      let value: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
      case UInt8(ascii: "="):
        ended = true
        continue
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        continue
      default:
        return nil
      }
      if ended { return nil }
      accumulator = accumulator << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    return result
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
