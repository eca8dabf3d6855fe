/// The lines of a vCard file, joined into properties (unfolded).
struct VCardLines {
  /// One logical line.
  enum Logical {
    /// An empty line (or only white space).
    case blank(Int)
    /// A line without a colon: not a property.
    case text(Int)
    /// A property, its continuation lines joined.
    case property(VCardProperty)
  }

  private let bytes: [UInt8]
  private let lines: [Range<Int>]
  private var index = 0

  /// The physical lines of `bytes`, ended by CR LF, LF or CR; a UTF-8
  /// byte-order mark is dropped.
  init(_ bytes: [UInt8]) {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var lines: [Range<Int>] = []
    var start = 0
    var position = 0
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\n"):
        lines.append(start..<position)
        position += 1
        start = position
      case UInt8(ascii: "\r"):
        lines.append(start..<position)
        position += 1
        if position < bytes.count && bytes[position] == UInt8(ascii: "\n") { position += 1 }
        start = position
      default:
        position += 1
      }
    }
    if start < bytes.count { lines.append(start..<bytes.count) }
    self.bytes = bytes
    self.lines = lines
  }

  /// Whether `value` is `VCARD` (any case, white space around).
  static func isVCardValue<Bytes: Collection<UInt8>>(_ value: Bytes) -> Bool {
    let text = VCardText.trimmed(String(decoding: value, as: UTF8.self))
    return text.uppercased() == "VCARD"
  }

  /// The next logical line. 2.1 folding keeps the continuation's leading
  /// white space (RFC 822 style); 3.0 and 4.0 drop one space or tab.
  mutating func next(keepsFoldWhitespace: Bool) -> Logical? {
    guard index < lines.count else { return nil }
    let number = index + 1
    var buffer = Array(bytes[lines[index]])
    index += 1
    if buffer.allSatisfy(VCardLines.isBlank) { return .blank(number) }

    var headerEnd = VCardProperty.headerEnd(buffer)
    while headerEnd == nil, let next = peekContinuation() {
      buffer += keepsFoldWhitespace ? next : next.dropFirst()
      index += 1
      headerEnd = VCardProperty.headerEnd(buffer)
    }
    guard let headerEnd else { return .text(number) }

    var property = VCardProperty(header: buffer[..<headerEnd], line: number)
    var value = Array(buffer[(headerEnd + 1)...])
    while index < lines.count {
      let next = bytes[lines[index]]
      if property.isQuotedPrintable, let softBreak = VCardLines.softBreak(in: value),
        !isCardBoundary(next)
      {
        value.removeSubrange(softBreak...)
        value += next
      } else if let fold = peekContinuation() {
        value += keepsFoldWhitespace ? fold : fold.dropFirst()
      } else {
        break
      }
      index += 1
    }
    if property.isQuotedPrintable, let softBreak = VCardLines.softBreak(in: value) {
      // A soft line break with nothing after it.
      value.removeSubrange(softBreak...)
    }
    if property.isBase64 {
      // 2.1 base64 data may continue on lines without the leading space, up
      // to a blank line; base64 never has a colon.
      while index < lines.count {
        let next = bytes[lines[index]]
        if next.allSatisfy(VCardLines.isBlank) || next.contains(UInt8(ascii: ":")) { break }
        value += next
        index += 1
      }
    }
    property.value = value
    return .property(property)
  }

  /// The next physical line if it continues the current one (starts with a
  /// space or tab).
  private func peekContinuation() -> ArraySlice<UInt8>? {
    guard index < lines.count else { return nil }
    let next = bytes[lines[index]]
    guard let first = next.first, VCardLines.isBlank(first) else { return nil }
    return next
  }

  /// Whether `line` is `BEGIN:VCARD` or `END:VCARD`: a quoted-printable
  /// value ending in a stray `=` never swallows them.
  private func isCardBoundary(_ line: ArraySlice<UInt8>) -> Bool {
    let text = VCardText.trimmed(String(decoding: line, as: UTF8.self)).uppercased()
    return text == "BEGIN:VCARD" || text == "END:VCARD"
  }

  /// The index of the `=` of a quoted-printable soft line break at the end
  /// of `value` (white space may follow it), or nil.
  private static func softBreak(in value: [UInt8]) -> Int? {
    var end = value.count
    while end > 0 && isBlank(value[end - 1]) { end -= 1 }
    guard end > 0 && value[end - 1] == UInt8(ascii: "=") else { return nil }
    return end - 1
  }

  /// Space or tab.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
