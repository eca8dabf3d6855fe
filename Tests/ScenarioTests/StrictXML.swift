/// A small, strict XML 1.0 reader for the tests: it accepts a document only
/// if it is well-formed (one root, tags balanced, attributes quoted and not
/// repeated, `&` only in the five predefined entities or character
/// references, `<` never in text or values, every character one XML 1.0
/// allows) and returns its element tree with text and values decoded.
struct StrictXML {
  /// An element: its name, attributes, child elements and text.
  struct Element {
    var name: String
    var attributes: [String: String] = [:]
    var children: [Element] = []
    var text = ""

    /// Every element below this one (not itself) called `name`.
    func all(_ name: String) -> [Element] {
      children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }
  }

  /// Why a document is not well-formed, and where (an offset in scalars).
  struct Malformed: Error, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "offset \(offset): \(reason)" }
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0

  private init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// The root element of `text`, or `Malformed`.
  static func parse(_ text: String) throws -> Element {
    var reader = StrictXML(text)
    return try reader.document()
  }

  private mutating func document() throws -> Element {
    for (offset, scalar) in scalars.enumerated() where !StrictXML.isChar(scalar) {
      throw Malformed(offset: offset, reason: "character U+\(String(scalar.value, radix: 16))")
    }
    if starts(with: "<?xml") {
      guard let end = find("?>") else { throw fail("unterminated XML declaration") }
      position = end + 2
    }
    try skipMisc()
    guard peek() == "<" else { throw fail("no root element") }
    let root = try element()
    try skipMisc()
    guard position == scalars.count else { throw fail("content after the root element") }
    return root
  }

  private mutating func element() throws -> Element {
    try expect("<")
    var element = Element(name: try name())
    while true {
      let hadSpace = skipSpace()
      if starts(with: "/>") {
        position += 2
        return element
      }
      if peek() == ">" {
        position += 1
        break
      }
      guard hadSpace else { throw fail("expected a space before an attribute") }
      let attribute = try name()
      skipSpace()
      try expect("=")
      skipSpace()
      guard element.attributes[attribute] == nil else { throw fail("repeated \(attribute)") }
      element.attributes[attribute] = try attributeValue()
    }
    while true {
      if starts(with: "</") {
        position += 2
        guard try name() == element.name else {
          throw fail("</…> does not close <\(element.name)>")
        }
        skipSpace()
        try expect(">")
        return element
      }
      if starts(with: "<!--") {
        try comment()
      } else if starts(with: "<![CDATA[") {
        guard let end = find("]]>") else { throw fail("unterminated CDATA") }
        element.text.unicodeScalars.append(contentsOf: scalars[(position + 9)..<end])
        position = end + 3
      } else if peek() == "<" {
        element.children.append(try self.element())
      } else if peek() == "&" {
        element.text.unicodeScalars.append(try reference())
      } else if let scalar = peek() {
        if starts(with: "]]>") { throw fail("]]> in text") }
        element.text.unicodeScalars.append(scalar)
        position += 1
      } else {
        throw fail("<\(element.name)> is not closed")
      }
    }
  }

  private mutating func attributeValue() throws -> String {
    guard let quote = peek(), quote == "\"" || quote == "'" else {
      throw fail("an attribute value is not quoted")
    }
    position += 1
    var value = ""
    while let scalar = peek(), scalar != quote {
      switch scalar {
      case "<": throw fail("< in an attribute value")
      case "&": value.unicodeScalars.append(try reference())
      case "\t", "\n", "\r":
        value += " "
        position += 1
      default:
        value.unicodeScalars.append(scalar)
        position += 1
      }
    }
    try expect(quote)
    return value
  }

  private mutating func reference() throws -> Unicode.Scalar {
    try expect("&")
    let start = position
    while let scalar = peek(), scalar != ";" {
      guard position - start < 10 else { throw fail("unterminated reference") }
      position += 1
    }
    let body = String(String.UnicodeScalarView(scalars[start..<position]))
    try expect(";")
    switch body {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      var digits = Substring(body)
      guard digits.first == "#" else { throw fail("unknown entity &\(body);") }
      digits = digits.dropFirst()
      var radix = 10
      if digits.first == "x" {
        radix = 16
        digits = digits.dropFirst()
      }
      guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
        StrictXML.isChar(scalar)
      else { throw fail("bad character reference &\(body);") }
      return scalar
    }
  }

  private mutating func comment() throws {
    guard let end = find("-->", from: position + 4) else { throw fail("unterminated comment") }
    position = end + 3
  }

  private mutating func skipMisc() throws {
    while true {
      skipSpace()
      guard starts(with: "<!--") else { return }
      try comment()
    }
  }

  private mutating func name() throws -> String {
    let start = position
    while let scalar = peek(), StrictXML.isNameScalar(scalar, first: position == start) {
      position += 1
    }
    guard position > start else { throw fail("expected a name") }
    return String(String.UnicodeScalarView(scalars[start..<position]))
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = position
    while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
      position += 1
    }
    return position > start
  }

  private mutating func expect(_ scalar: Unicode.Scalar) throws {
    guard peek() == scalar else { throw fail("expected \(scalar)") }
    position += 1
  }

  private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  private func starts(with text: String) -> Bool {
    let wanted = Array(text.unicodeScalars)
    guard position + wanted.count <= scalars.count else { return false }
    return Array(scalars[position..<(position + wanted.count)]) == wanted
  }

  private func find(_ text: String, from start: Int? = nil) -> Int? {
    let wanted = Array(text.unicodeScalars)
    var index = start ?? position
    while index + wanted.count <= scalars.count {
      if Array(scalars[index..<(index + wanted.count)]) == wanted { return index }
      index += 1
    }
    return nil
  }

  private func fail(_ reason: String) -> Malformed { Malformed(offset: position, reason: reason) }

  /// XML 1.0's `Char`: tab, line feed, carriage return, and U+0020 up,
  /// without U+FFFE and U+FFFF (Swift's scalars are never surrogates).
  static func isChar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return true
    case 0..<0x20, 0xFFFE, 0xFFFF: return false
    default: return true
    }
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "_", ":": return true
    case "0"..."9", "-", ".": return !first
    default: return scalar.value >= 0xC0 && scalar.value != 0xD7 && scalar.value != 0xF7
    }
  }
}
