/// A device and the events it sent, in the text format of evemu
/// (`evemu-record`, `evemu-play`): a `# EVEMU 1.3` header, the device's
/// description (`N:` name, `I:` ids, `P:`, `B:`, `A:`, `L:`, `S:` lines), then
/// one `E: <sec>.<usec> <type> <code> <value>` line per event.
///
/// The description lines other than `N:` and `I:` are kept as they were read,
/// so a recording written back still describes the device it came from.
public struct EvemuRecording: Sendable, Hashable {
  /// The device's name (`N:`).
  public var name: String
  /// The bus type (`I:` first field; 0x03 is USB).
  public var busType: UInt16
  /// The vendor id (`I:` second field).
  public var vendor: UInt16
  /// The product id (`I:` third field).
  public var product: UInt16
  /// The device's version (`I:` fourth field), not the file format's.
  public var version: UInt16
  /// The `P:`, `B:`, `A:`, `L:` and `S:` lines in their order, each without
  /// its trailing comment or whitespace.
  public var descriptionLines: [String]
  /// The events, oldest first; their times never go backwards.
  public var events: [InputEvent]
  /// What parsing read differently from how it is written (empty for a
  /// recording made here).
  public var warnings: [EvemuWarning]

  /// Creates a recording from its parts, as they are.
  public init(
    name: String,
    busType: UInt16 = 0,
    vendor: UInt16 = 0,
    product: UInt16 = 0,
    version: UInt16 = 0,
    descriptionLines: [String] = [],
    events: [InputEvent] = [],
    warnings: [EvemuWarning] = []
  ) {
    self.name = name
    self.busType = busType
    self.vendor = vendor
    self.product = product
    self.version = version
    self.descriptionLines = descriptionLines
    self.events = events
    self.warnings = warnings
  }

  /// Reads a recording as evemu reads it: a first line `# EVEMU 1.x` (any
  /// 1.x format; without it the file is format 1.0, and a file of `E:`
  /// lines alone is what `evemu-play` replays); blank lines and `#`
  /// comments are skipped; `N:` and `I:` are optional (an empty name and
  /// zero ids when absent); the description comes before the events; an
  /// event's microseconds are 1 to 6 digits, as evemu's `%06u` reads them.
  ///
  /// - Throws: ``EvemuError`` naming `file` and the line of the first
  ///   malformed line: another major version, an unknown prefix, a bad
  ///   field, or an event older than the one before.
  public static func parse(_ text: String, file: String) throws(EvemuError) -> EvemuRecording {
    var parser = EvemuParser(file: file)
    return try parser.parse(text)
  }

  /// A recording of events read from a live device, with times made
  /// relative to the first event as `evemu-record` writes them. An event
  /// older than the one before it gets that one's time, so the result always
  /// parses back.
  public static func recording(
    name: String,
    busType: UInt16 = 0,
    vendor: UInt16 = 0,
    product: UInt16 = 0,
    version: UInt16 = 0,
    descriptionLines: [String] = [],
    events: [InputEvent]
  ) -> EvemuRecording {
    let start = events.first?.timeInMicroseconds ?? 0
    var previous: Int64 = 0
    var relative: [InputEvent] = []
    relative.reserveCapacity(events.count)
    for event in events {
      let time = max(previous, event.timeInMicroseconds - start)
      previous = time
      relative.append(
        InputEvent(
          seconds: time / 1_000_000,
          microseconds: Int32(time % 1_000_000),
          type: event.type,
          code: event.code,
          value: event.value))
    }
    return EvemuRecording(
      name: name,
      busType: busType,
      vendor: vendor,
      product: product,
      version: version,
      descriptionLines: descriptionLines,
      events: relative)
  }

  /// `B:` lines for one event type's bitmask, as `evemu-describe` writes
  /// them: the bitmask of `bitCount` bits (`KEY_CNT` = 0x300 for `EV_KEY`) in
  /// bytes, least significant first, 8 bytes a line. Codes at or above
  /// `bitCount` are left out.
  public static func bitmaskLines(
    type: UInt16,
    codes: some Sequence<UInt16>,
    bitCount: Int
  ) -> [String] {
    var bytes = [UInt8](repeating: 0, count: max(0, (bitCount + 7) / 8))
    for code in codes where Int(code) < bitCount {
      bytes[Int(code) / 8] |= UInt8(1) << (code % 8)
    }
    var lines: [String] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 8, bytes.count)]
      lines.append(
        "B: " + hex(UInt64(type), digits: 2)
          + chunk.map { " " + hex(UInt64($0), digits: 2) }.joined())
      index += 8
    }
    return lines
  }

  /// The recording in evemu's format 1.3, ending in a newline:
  /// `parse(written(), file:)` gives this recording back. Newlines in the
  /// name become spaces; a negative event time is written as 0.
  public func written() -> String {
    var text = "# EVEMU 1.3\n"
    let oneLineName = String(name.map { $0.isNewline ? " " : $0 })
    text += "N: \(oneLineName)\n"
    text +=
      "I: \(Self.hex(busType)) \(Self.hex(vendor)) \(Self.hex(product)) \(Self.hex(version))\n"
    for line in descriptionLines {
      text += line + "\n"
    }
    for event in events {
      let time = max(0, event.timeInMicroseconds)
      let microseconds = String(time % 1_000_000)
      let padded = String(repeating: "0", count: 6 - microseconds.count) + microseconds
      text +=
        "E: \(time / 1_000_000).\(padded) \(Self.hex(event.type)) \(Self.hex(event.code)) \(event.value)\n"
    }
    return text
  }

  /// `value` in lowercase hex, zero-padded to 4 digits (`%04x`).
  private static func hex(_ value: UInt16) -> String {
    hex(UInt64(value), digits: 4)
  }

  /// `value` in lowercase hex, zero-padded to `digits` digits.
  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
