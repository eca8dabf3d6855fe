/// The charsets the core decodes without help: UTF-8, US-ASCII, ISO-8859-1
/// and Windows-1252 (a superset of Latin-1 that European exports write under
/// either name). Enough for a board without iconv's modules; the executable
/// uses iconv for everything else.
public struct BuiltInCharsets: CharsetDecoder {
  /// Creates the decoder.
  public init() {}

  /// Whether `charset` (lower case) is one of the built-in names.
  static func isBuiltIn(_ charset: String) -> Bool {
    utf8Names.contains(charset) || latinNames.contains(charset)
  }

  /// The text of `bytes` in one of the built-in charsets, else nil.
  public func decode(_ bytes: [UInt8], charset: String) -> DecodedText? {
    let name = charset.lowercased()
    if BuiltInCharsets.utf8Names.contains(name) {
      if let text = String(validating: bytes, as: UTF8.self) { return DecodedText(text) }
      return BuiltInCharsets.repairedUTF8(bytes)
    }
    guard BuiltInCharsets.latinNames.contains(name) else { return nil }
    return DecodedText(BuiltInCharsets.windows1252(bytes))
  }

  /// The text of `bytes` as Windows-1252 (every byte is a character).
  static func windows1252(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// UTF-8 with each invalid sequence replaced by U+FFFD, counted.
  private static func repairedUTF8(_ bytes: [UInt8]) -> DecodedText {
    var scalars = String.UnicodeScalarView()
    var replaced = 0
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: break decoding
      case .error:
        scalars.append("\u{FFFD}")
        replaced += 1
      }
    }
    return DecodedText(String(scalars), replaced: replaced)
  }

  private static let utf8Names: Set<String> = ["utf-8", "utf8"]
  private static let latinNames: Set<String> = [
    "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1",
    "windows-1252", "cp1252",
  ]

  /// Windows-1252 bytes 0x80 ... 0x9F (the undefined ones as C1 controls).
  private static let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]
}
