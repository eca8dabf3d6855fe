/// Reads evemu's text format line by line for ``EvemuRecording/parse(_:file:)``,
/// stopping at the first malformed line.
struct EvemuParser {
  /// The file name used in errors.
  let file: String
  /// The `N:` value, once seen.
  private var name: String?
  /// The `I:` values (bus, vendor, product, version), once seen.
  private var ids: [UInt16]?
  /// The description lines kept verbatim.
  private var descriptionLines: [String] = []
  /// The events read so far.
  private var events: [InputEvent] = []
  /// The line being read, 1-based.
  private var lineNumber = 0

  /// Creates a parser whose errors name `file`.
  init(file: String) {
    self.file = file
  }

  /// Parses a whole recording.
  mutating func parse(_ text: String) throws(EvemuError) -> EvemuRecording {
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for line in lines {
      lineNumber += 1
      let content = Self.trimmingTrailingWhitespace(line)
      if lineNumber == 1, Self.isHeader(content) {
        try readHeader(content)
      } else {
        try readLine(content)
      }
    }
    let ids = self.ids ?? [0, 0, 0, 0]
    return EvemuRecording(
      name: name ?? "",
      busType: ids[0],
      vendor: ids[1],
      product: ids[2],
      version: ids[3],
      descriptionLines: descriptionLines,
      events: events)
  }

  /// Whether a first line is evemu's version header (`# EVEMU …`). A file
  /// without one is format 1.0, as evemu assumes; `evemu-play` reads
  /// files of `E:` lines alone.
  private static func isHeader(_ line: Substring) -> Bool {
    let fields = Self.fields(line)
    return fields.count >= 2 && fields[0] == "#" && fields[1] == "EVEMU"
  }

  /// Checks the `# EVEMU <major>.<minor>` line: every 1.x format (1.0 and
  /// 1.1 of old evemu releases, 1.2, 1.3 and later minors, which only add
  /// fields) is read; another major version is a redesign, refused.
  private mutating func readHeader(_ line: Substring) throws(EvemuError) {
    let fields = Self.fields(line)
    let parts =
      fields.count == 3 ? fields[2].split(separator: ".", omittingEmptySubsequences: false) : []
    guard parts.count == 2, let major = Self.decimal(parts[0], maxDigits: 4),
      Self.decimal(parts[1], maxDigits: 4) != nil
    else {
      throw error(
        "expected the header `# EVEMU <major>.<minor>` (like `# EVEMU 1.3`), found `\(line)`")
    }
    guard major == 1 else {
      throw error("unsupported evemu format version \(fields[2]); expected 1.x")
    }
  }

  /// Reads one line after the header.
  private mutating func readLine(_ line: Substring) throws(EvemuError) {
    guard let first = line.first, first != "#" else { return }
    let prefix = line.prefix(2)
    let rest = line.dropFirst(2)
    switch prefix {
    case "N:":
      try readName(rest)
    case "I:":
      try readIDs(Self.fields(Self.withoutComment(rest)))
    case "P:", "B:", "A:", "L:", "S:":
      try readDescription(prefix, Self.fields(Self.withoutComment(rest)))
      descriptionLines.append(String(Self.trimmingTrailingWhitespace(Self.withoutComment(line))))
    case "E:":
      try readEvent(Self.fields(Self.withoutComment(rest)))
    default:
      let word = line.prefix { $0 != " " && $0 != "\t" }.prefix(20)
      throw error(
        "unknown line starting `\(word)`; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment")
    }
  }

  /// `N: <device name>`: the rest of the line, comments included.
  private mutating func readName(_ rest: Substring) throws(EvemuError) {
    try checkBeforeEvents("N:")
    if let name {
      throw error("second N: line; the device is already named `\(name)`")
    }
    name = String(rest.drop { $0 == " " || $0 == "\t" })
  }

  /// `I: <bus> <vendor> <product> <version>`, in hex.
  private mutating func readIDs(_ fields: [Substring]) throws(EvemuError) {
    try checkBeforeEvents("I:")
    if ids != nil { throw error("second I: line") }
    guard fields.count == 4 else {
      throw error("I: needs 4 hex numbers (bus vendor product version), found \(fields.count)")
    }
    var values: [UInt16] = []
    for field in fields {
      guard let value = Self.hexNumber(field, maxDigits: 4) else {
        throw error("I: field `\(field)` is not a hex number of at most 4 digits")
      }
      values.append(UInt16(value))
    }
    ids = values
  }

  /// Checks the fields of a `P:`, `B:`, `A:`, `L:` or `S:` line.
  private func readDescription(_ prefix: Substring, _ fields: [Substring]) throws(EvemuError) {
    try checkBeforeEvents(prefix)
    switch prefix {
    case "P:":
      guard !fields.isEmpty else { throw error("P: needs property bytes in hex") }
      try checkHexBytes(prefix, fields[...])
    case "B:":
      guard fields.count >= 2 else {
        throw error("B: needs an event type and bitmask bytes in hex")
      }
      try checkHexBytes(prefix, fields[...])
    case "A:":
      guard fields.count == 5 || fields.count == 6 else {
        throw error(
          "A: needs an axis in hex and min max fuzz flat [resolution], found \(fields.count) fields"
        )
      }
      try checkHexBytes(prefix, fields[..<1])
      try checkDecimals(prefix, fields[1...])
    default:
      guard fields.count == 2 else {
        throw error("\(prefix) needs a code in hex and a state, found \(fields.count) fields")
      }
      try checkHexBytes(prefix, fields[..<1])
      try checkDecimals(prefix, fields[1...])
    }
  }

  /// `E: <sec>.<usec> <type> <code> <value>`.
  private mutating func readEvent(_ fields: [Substring]) throws(EvemuError) {
    guard fields.count == 4 else {
      throw error("E: needs 4 fields (time type code value), found \(fields.count)")
    }
    let (seconds, microseconds) = try time(fields[0])
    guard let type = Self.hexNumber(fields[1], maxDigits: 4) else {
      throw error("event type `\(fields[1])` is not a hex number of at most 4 digits")
    }
    guard let code = Self.hexNumber(fields[2], maxDigits: 4) else {
      throw error("event code `\(fields[2])` is not a hex number of at most 4 digits")
    }
    guard let value = Self.signedDecimal(fields[3]) else {
      throw error("event value `\(fields[3])` is not a decimal 32-bit integer")
    }
    let event = InputEvent(
      seconds: seconds, microseconds: microseconds, type: UInt16(type), code: UInt16(code),
      value: value)
    if let previous = events.last, event.timeInMicroseconds < previous.timeInMicroseconds {
      throw error(
        "event at \(fields[0]) goes back in time; the one before was at "
          + "\(previous.seconds).\(Self.sixDigits(previous.microseconds))")
    }
    events.append(event)
  }

  /// `<sec>.<usec>`: the microseconds are a number of 1 to 6 digits, read
  /// as evemu reads them (`%06u`: `1.5` is 1 s and 5 µs, as `evemu-play`
  /// plays it; evemu itself always writes 6 digits).
  private func time(_ field: Substring) throws(EvemuError) -> (Int64, Int32) {
    let parts = field.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let seconds = Self.decimal(parts[0], maxDigits: 18) else {
      throw error("event time `\(field)` is not <seconds>.<microseconds>")
    }
    guard let microseconds = Self.decimal(parts[1], maxDigits: 6) else {
      throw error(
        "event time `\(field)`: the microseconds must be 1 to 6 digits (0 to 999999)")
    }
    return (seconds, Int32(microseconds))
  }

  /// Refuses a description line once events have started.
  private func checkBeforeEvents(_ prefix: Substring) throws(EvemuError) {
    if !events.isEmpty {
      throw error("\(prefix) line after the events; the device description comes first")
    }
  }

  /// Checks that every field is a hex byte (1 or 2 digits).
  private func checkHexBytes(_ prefix: Substring, _ fields: ArraySlice<Substring>)
    throws(EvemuError)
  {
    for field in fields where Self.hexNumber(field, maxDigits: 2) == nil {
      throw error("\(prefix) field `\(field)` is not a hex byte")
    }
  }

  /// Checks that every field is a decimal 32-bit integer.
  private func checkDecimals(_ prefix: Substring, _ fields: ArraySlice<Substring>)
    throws(EvemuError)
  {
    for field in fields where Self.signedDecimal(field) == nil {
      throw error("\(prefix) field `\(field)` is not a decimal integer")
    }
  }

  /// An error at the current line.
  private func error(_ reason: String) -> EvemuError {
    EvemuError(file: file, line: lineNumber, reason)
  }

  /// The line up to its first `#`.
  private static func withoutComment(_ text: Substring) -> Substring {
    text.prefix { $0 != "#" }
  }

  /// The text without trailing spaces, tabs and carriage returns.
  private static func trimmingTrailingWhitespace(_ text: Substring) -> Substring {
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      guard text[before] == " " || text[before] == "\t" || text[before] == "\r" else { break }
      end = before
    }
    return text[..<end]
  }

  /// The fields of a line, separated by spaces or tabs.
  private static func fields(_ text: Substring) -> [Substring] {
    text.split { $0 == " " || $0 == "\t" }
  }

  /// A hex number of 1 to `maxDigits` digits, without sign or `0x`.
  private static func hexNumber(_ text: Substring, maxDigits: Int) -> UInt64? {
    guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
    var value: UInt64 = 0
    for byte in text.utf8 {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value * 16 + UInt64(digit)
    }
    return value
  }

  /// A decimal number of 1 to `maxDigits` digits, without sign.
  private static func decimal(_ text: Substring, maxDigits: Int) -> Int64? {
    guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
    var value: Int64 = 0
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// A decimal 32-bit integer with an optional leading `-`.
  private static func signedDecimal(_ text: Substring) -> Int32? {
    let negative = text.first == "-"
    guard let magnitude = decimal(negative ? text.dropFirst() : text, maxDigits: 10) else {
      return nil
    }
    return Int32(exactly: negative ? -magnitude : magnitude)
  }

  /// Microseconds as 6 digits.
  private static func sixDigits(_ value: Int32) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, 6 - text.count)) + text
  }
}
