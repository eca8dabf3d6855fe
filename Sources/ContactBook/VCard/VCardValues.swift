/// How the values of a file's cards become text: the transfer encoding
/// (quoted-printable, base64) undone, then the charset decoded — the
/// property's `CHARSET`, else UTF-8 when the bytes are UTF-8, else the
/// file's legacy charset.
struct VCardValues<Decoder: CharsetDecoder> {
  /// Decodes named charsets.
  let charsets: Decoder
  /// The charset of unlabelled bytes that are not UTF-8 (lower case).
  let fallback: String

  /// The text of `property`'s value, and a warning when something could not
  /// be decoded as written (an unknown charset, invalid bytes).
  func text(of property: VCardProperty) -> (text: String, warning: String?) {
    let (text, warning) = decoded(property)
    return (VCardValues.unifiedLineBreaks(text), warning)
  }

  /// `text` with each CR LF and lone CR made LF: a line break inside a
  /// value (quoted-printable `=0D=0A`) means the same however it was
  /// written, and is written back as `\n`.
  private static func unifiedLineBreaks(_ text: String) -> String {
    guard text.unicodeScalars.contains("\r") else { return text }
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      if scalar == "\r" {
        result.append("\n")
      } else if !(scalar == "\n" && afterCarriageReturn) {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private func decoded(_ property: VCardProperty) -> (text: String, warning: String?) {
    var bytes = property.value
    if property.isQuotedPrintable {
      bytes = VCardText.quotedPrintableDecoded(bytes)
    } else if property.isBase64, let decoded = VCardText.base64Decoded(bytes) {
      bytes = decoded
    }
    if VCardValues.isPlainASCII(bytes, charset: property.charset) {
      return (String(decoding: bytes, as: UTF8.self), nil)
    }
    if let charset = property.charset {
      if let decoded = charsets.decode(bytes, charset: charset) {
        return (decoded.text, VCardValues.replacementWarning(decoded, charset))
      }
      let (text, _) = plain(bytes)
      return (text, "unknown character set \(charset.uppercased()), read as \(plainName(bytes))")
    }
    return plain(bytes)
  }

  /// Unlabelled bytes: UTF-8 if they are, else the fallback charset.
  private func plain(_ bytes: [UInt8]) -> (text: String, warning: String?) {
    if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
    if let decoded = charsets.decode(bytes, charset: fallback) {
      return (decoded.text, VCardValues.replacementWarning(decoded, fallback))
    }
    return (BuiltInCharsets.windows1252(bytes), nil)
  }

  /// Whether the bytes read the same in every ASCII-based charset: no
  /// 8-bit byte, no NUL, no ISO-2022 escape, and not labelled UTF-16/32.
  private static func isPlainASCII(_ bytes: [UInt8], charset: String?) -> Bool {
    if let charset,
      charset.hasPrefix("utf-16") || charset.hasPrefix("utf-32")
        || charset.hasPrefix("ucs") || charset.hasPrefix("utf-7")
    {
      return false
    }
    return bytes.allSatisfy { $0 > 0 && $0 < 0x80 && $0 != 0x1B }
  }

  /// The charset `plain` reads `bytes` in.
  private func plainName(_ bytes: [UInt8]) -> String {
    if String(validating: bytes, as: UTF8.self) != nil { return "UTF-8" }
    if charsets.decode([], charset: fallback) != nil { return fallback.uppercased() }
    return "WINDOWS-1252"
  }

  private static func replacementWarning(_ decoded: DecodedText, _ charset: String) -> String? {
    guard decoded.replaced > 0 else { return nil }
    let sequences = decoded.replaced == 1 ? "sequence" : "sequences"
    return
      "\(decoded.replaced) byte \(sequences) not valid in \(charset.uppercased()), shown as \u{FFFD}"
  }
}
