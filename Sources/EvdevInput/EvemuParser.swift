/// Reads evemu's text format line by line for ``EvemuRecording/parse(_:file:)``
/// as evemu itself reads it (whot/evemu `src/evemu.c`: `next_line`,
/// `evemu_read_event`): what `evemu-play` replays is replayed, what it skips
/// is skipped with a warning, and only an `E:` line it cannot read is
/// refused.
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
  /// What was read differently from how it is written, or skipped.
  private var warnings: [EvemuWarning] = []

  /// Creates a parser whose errors name `file`.
  init(file: String) {
    self.file = file
  }

  /// Parses a whole recording, line by line as evemu reads it (`getline`:
  /// a line ends at `\n`, a `\r` before it is part of the line).
  mutating func parse(_ text: String) throws(EvemuError) -> EvemuRecording {
    // Split on the byte: "\r\n" is one Character, and evemu keeps the "\r".
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self)[...] }
    var seenFirstLine = false
    for (index, line) in lines.enumerated() {
      lineNumber = index + 1
      // What C's strlen sees: the line and its newline.
      let length = line.utf8.count + (index < lines.count - 1 ? 1 : 0)
      if length <= 1 { continue }  // evemu skips empty lines
      if !seenFirstLine {
        seenFirstLine = true
        if line.hasPrefix("#") {
          readHeader(line)
          continue
        }
      }
      if line.hasPrefix("#") { continue }
      if length <= 2 {
        // evemu-play ends the replay at a line this short.
        let rest = lines[(index + 1)...].filter { $0.hasPrefix("E:") }.count
        if rest > 0 {
          warn(
            "evemu stops replaying at this line (a blank line of 2 characters or a lone character); the \(rest) events after it are not replayed"
          )
        }
        break
      }
      try readLine(line)
    }
    let ids = self.ids ?? [0, 0, 0, 0]
    return EvemuRecording(
      name: name ?? "",
      busType: ids[0],
      vendor: ids[1],
      product: ids[2],
      version: ids[3],
      descriptionLines: descriptionLines,
      events: events,
      warnings: warnings)
  }

  /// The first line, when a comment, may be `# EVEMU <major>.<minor>`
  /// (`%hd.%hd`); without it the file is format 1.0. Every version is read,
  /// as evemu reads it: a newer one only gets a warning.
  private mutating func readHeader(_ line: Substring) {
    var scanner = EvemuScanner(line)
    guard scanner.literal(UInt8(ascii: "#")) else { return }
    scanner.skipWhiteSpace()
    for byte in "EVEMU".utf8 where !scanner.literal(byte) { return }
    guard let major = scanner.unsigned(bits: 16), scanner.literal(UInt8(ascii: ".")),
      let minor = scanner.unsigned(bits: 16)
    else { return }
    if major > 1 || (major == 1 && minor > 3) {
      warn("evemu format \(major).\(minor) is newer than 1.3; read as evemu reads it")
    }
  }

  /// Reads one line that is not a comment: an event, a description line, or
  /// something evemu skips.
  private mutating func readLine(_ line: Substring) throws(EvemuError) {
    let prefix = line.prefix(2)
    let rest = line.dropFirst(2)
    if prefix == "E:" {
      try readEvent(line)
      return
    }
    guard ["N:", "I:", "P:", "B:", "A:", "L:", "S:"].contains(prefix) else {
      let word = line.prefix { $0 != " " && $0 != "\t" }.prefix(20)
      warn("skipped `\(word)`: not an evemu line (evemu-play skips it too)")
      return
    }
    if !events.isEmpty {
      warn("\(prefix) line after the events: skipped (the description comes first)")
      return
    }
    do throws(EvemuError) {
      switch prefix {
      case "N:":
        readName(line)
      case "I:":
        try readIDs(line)
      default:
        let content = Self.trimmingTrailingWhitespace(Self.withoutComment(rest))
        try readDescription(prefix, Self.fields(content))
        descriptionLines.append(
          String(Self.trimmingTrailingWhitespace(Self.withoutComment(line))))
      }
    } catch {
      warn("\(error.reason): skipped (evemu-play skips it too)")
    }
  }

  /// `N: <device name>`: the rest of the line up to a carriage return,
  /// comments included; the first name stands.
  private mutating func readName(_ line: Substring) {
    var scanner = EvemuScanner(line.dropFirst(2))
    let text = scanner.restOfLine()
    if name == nil || name == "" { name = String(text) }
  }

  /// `I: %04x %04x %04x %04x` (bus, vendor, product, version).
  private mutating func readIDs(_ line: Substring) throws(EvemuError) {
    if ids != nil { throw error("second I: line") }
    var scanner = EvemuScanner(line.dropFirst(2))
    var values: [UInt16] = []
    for _ in 0..<4 {
      guard let value = scanner.hex(width: 4) else {
        throw error("I: needs 4 hex numbers (bus vendor product version), found \(values.count)")
      }
      values.append(UInt16(truncatingIfNeeded: value))
    }
    ids = values
  }

  /// Checks the fields of a `P:`, `B:`, `A:`, `L:` or `S:` line.
  private func readDescription(_ prefix: Substring, _ fields: [Substring]) throws(EvemuError) {
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

  /// `E: <sec>.<usec> <type> <code> <value>`, read with evemu's own
  /// `sscanf(line, "E: %lu.%06u %04x %04x %d")`: a line it does not match
  /// all five of is refused, as evemu-play stops there with "Invalid event
  /// format". An event older than the one before is replayed at once, as
  /// evemu does, at the time of the one before.
  private mutating func readEvent(_ line: Substring) throws(EvemuError) {
    var scanner = EvemuScanner(line)
    _ = scanner.literal(UInt8(ascii: "E"))
    _ = scanner.literal(UInt8(ascii: ":"))
    scanner.skipWhiteSpace()
    let seconds = scanner.unsigned(bits: 64)
    let dot = seconds != nil && scanner.literal(UInt8(ascii: "."))
    let microseconds = dot ? scanner.unsigned(width: 6, bits: 32) : nil
    let type = microseconds != nil ? scanner.hex(width: 4) : nil
    let code = type != nil ? scanner.hex(width: 4) : nil
    let value = code != nil ? scanner.signed() : nil
    guard let seconds, let microseconds, let type, let code, let value else {
      let found = [seconds != nil, microseconds != nil, type != nil, code != nil].filter { $0 }
        .count
      throw error(
        "invalid event: evemu reads `E: <sec>.<usec> <type> <code> <value>` (%lu.%06u %04x %04x %d) and matched \(found) of 5 fields here"
      )
    }
    guard seconds < 1 << 40 else {
      throw error("event time of \(seconds) s is out of range")
    }
    var time = Int64(seconds) * 1_000_000 + Int64(microseconds)
    if let previous = events.last, time < previous.timeInMicroseconds {
      warn(
        "event goes back in time: replayed at once, at \(previous.seconds).\(Self.sixDigits(previous.microseconds)), as evemu does"
      )
      time = previous.timeInMicroseconds
    }
    events.append(
      InputEvent(
        seconds: time / 1_000_000, microseconds: Int32(time % 1_000_000),
        type: UInt16(truncatingIfNeeded: type), code: UInt16(truncatingIfNeeded: code),
        value: value))
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

  /// A warning at the current line.
  private mutating func warn(_ reason: String) {
    warnings.append(EvemuWarning(file: file, line: lineNumber, reason))
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
