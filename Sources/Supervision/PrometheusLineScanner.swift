/// Reads one line of a Prometheus text file byte by byte, knowing its
/// column: the tokens `PrometheusLine` is made of.
struct PrometheusLineScanner {
  /// The line, without its newline.
  let bytes: [UInt8]
  /// The line number, for errors.
  let line: Int
  /// The file, for errors.
  let file: String
  /// The next byte to read.
  var offset = 0
  /// Whether the last `skipBlanks` skipped anything.
  var skippedBlank = false

  /// A scanner at the start of `bytes`.
  init(bytes: [UInt8], line: Int, file: String) {
    self.bytes = bytes
    self.line = line
    self.file = file
  }

  /// Whether the line is read.
  var atEnd: Bool { offset >= bytes.count }
  /// The next byte, nil at the end.
  var peek: UInt8? { atEnd ? nil : bytes[offset] }
  /// The 1-based column of the next byte.
  var column: Int { offset + 1 }

  /// Moves past one byte.
  mutating func advance() { offset += 1 }

  /// Moves past spaces and tabs.
  mutating func skipBlanks() {
    let start = offset
    while let byte = peek, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
      advance()
    }
    skippedBlank = offset > start
  }

  /// An error at `column`, else at the next byte.
  func error(_ reason: String, at column: Int? = nil) -> StatisticsFileError {
    StatisticsFileError(reason, file: file, line: line, column: column ?? self.column)
  }

  /// `[a-zA-Z_][a-zA-Z0-9_]*`, with `:` too when `colons`.
  mutating func name(colons: Bool, what: String) throws(StatisticsFileError) -> String {
    func allowed(_ byte: UInt8, first: Bool) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"):
        true
      case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
      case UInt8(ascii: ":"): colons
      default: false
      }
    }
    let start = offset
    while let byte = peek, allowed(byte, first: offset == start) { advance() }
    guard offset > start else { throw error("expected \(what)") }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// Moves past `byte`, or fails saying `what` was expected.
  mutating func expect(_ byte: UInt8, _ what: String) throws(StatisticsFileError) {
    guard peek == byte else { throw error("expected \(what)") }
    advance()
  }

  /// A double-quoted label value, unescaped.
  mutating func quoted() throws(StatisticsFileError) -> String {
    let open = column
    try expect(UInt8(ascii: "\""), "'\"' to start the label value")
    var value: [UInt8] = []
    while true {
      guard let byte = peek else { throw error("unterminated label value", at: open) }
      advance()
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "\\"):
        switch peek {
        case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
        case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
        default: throw error("unknown escape in the label value", at: column - 1)
        }
        advance()
      default:
        value.append(byte)
      }
    }
  }

  /// Everything up to the next blank.
  mutating func token() -> String {
    let start = offset
    while let byte = peek, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") { advance() }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }
}
