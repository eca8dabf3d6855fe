/// One property of a card as read: `[group.]NAME[;param…]:value`, with the
/// value's bytes still encoded (escapes, quoted-printable).
struct VCardProperty: Sendable {
  /// One parameter; a bare vCard 2.1 parameter (`CELL`, `QUOTED-PRINTABLE`)
  /// gets the name it stands for (`TYPE`, `ENCODING`).
  struct Parameter: Sendable {
    /// Upper case.
    var name: String
    /// As written, quotes removed.
    var value: String
  }

  /// The 1-based line the property starts on.
  var line: Int
  /// The group (`ITEM1` of `item1.TEL`), upper case; empty when none.
  var group: String
  /// The property name, upper case.
  var name: String
  /// The parameters in order.
  var parameters: [Parameter]
  /// The value's bytes after unfolding.
  var value: [UInt8] = []

  /// The parameter values that a bare 2.1 parameter names as an encoding.
  private static let bareEncodings: Set<String> = [
    "QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT",
  ]

  /// Parses the part before the value's colon.
  init(header: ArraySlice<UInt8>, line: Int) {
    self.line = line
    let parts = VCardProperty.splitOutsideQuotes(header, on: UInt8(ascii: ";"))
    let fullName = VCardText.trimmed(String(decoding: parts.first ?? [], as: UTF8.self))
      .uppercased()
    if let dot = fullName.lastIndex(of: ".") {
      group = String(fullName[..<dot])
      name = String(fullName[fullName.index(after: dot)...])
    } else {
      group = ""
      name = fullName
    }
    parameters = parts.dropFirst().compactMap { part in
      let text = String(decoding: part, as: UTF8.self)
      if let equals = text.firstIndex(of: "=") {
        let name = VCardText.trimmed(String(text[..<equals])).uppercased()
        let value = VCardProperty.unquoted(String(text[text.index(after: equals)...]))
        return Parameter(name: name, value: value)
      }
      let bare = VCardText.trimmed(text)
      if bare.isEmpty { return nil }
      let kind = VCardProperty.bareEncodings.contains(bare.uppercased()) ? "ENCODING" : "TYPE"
      return Parameter(name: kind, value: bare)
    }
  }

  /// The index of the colon that ends the header (the first one outside
  /// double quotes), or nil when the line has none.
  static func headerEnd(_ bytes: [UInt8]) -> Int? {
    var quoted = false
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: ":") && !quoted {
        return index
      }
    }
    // An unbalanced quote: fall back to the first colon.
    return bytes.firstIndex(of: UInt8(ascii: ":"))
  }

  /// The values of every parameter called `name` (upper case), split at
  /// commas, trimmed and lower-cased.
  func values(of name: String) -> [String] {
    parameters.filter { $0.name == name }.flatMap { parameter in
      parameter.value.split(separator: ",").map {
        VCardText.trimmed(VCardProperty.unquoted(String($0))).lowercased()
      }
    }
  }

  /// The `TYPE` values, lower case, an `x-` prefix removed.
  var types: [String] {
    values(of: "TYPE").map { $0.hasPrefix("x-") ? String($0.dropFirst(2)) : $0 }
  }

  /// Whether the value is quoted-printable (vCard 2.1).
  var isQuotedPrintable: Bool {
    values(of: "ENCODING").contains("quoted-printable")
  }

  /// Whether the value is base64 (2.1 `BASE64`, 3.0 `b`).
  var isBase64: Bool {
    values(of: "ENCODING").contains { $0 == "base64" || $0 == "b" }
  }

  /// The `CHARSET` parameter, lower case, if any.
  var charset: String? {
    values(of: "CHARSET").first
  }

  /// `text` without surrounding double quotes.
  private static func unquoted(_ text: String) -> String {
    let trimmed = VCardText.trimmed(text)
    if trimmed.count >= 2 && trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"") {
      return String(trimmed.dropFirst().dropLast())
    }
    return trimmed
  }

  /// `bytes` split at `separator` outside double quotes.
  private static func splitOutsideQuotes(_ bytes: ArraySlice<UInt8>, on separator: UInt8)
    -> [ArraySlice<UInt8>]
  {
    var parts: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var quoted = false
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == separator && !quoted {
        parts.append(bytes[start..<index])
        start = index + 1
      }
    }
    parts.append(bytes[start..<bytes.endIndex])
    return parts
  }
}
