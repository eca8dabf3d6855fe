import KeypadInput

/// Reads the keymap text format (see docs/keymaps.md) one line at a time and
/// checks the whole keymap at the end.
struct KeymapParser {
  /// The file name used in error messages.
  let file: String
  private var name: String?
  private var nameLine = 0
  private var keys: [UInt16: Key] = [:]
  private var codeLines: [UInt16: Int] = [:]
  private var holdPolicies: [Key: HoldPolicy] = [:]
  private var holdLines: [Key: Int] = [:]

  /// Creates a parser for the keymap in `file`.
  init(file: String) {
    self.file = file
  }

  /// Parses `text`, a whole keymap file.
  mutating func parse(_ text: String) throws(KeymapError) -> Keymap {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline })
    for (index, line) in lines.enumerated() {
      try parseLine(line, at: index + 1)
    }
    guard let name else {
      throw KeymapError("no 'keymap NAME' line", file: file)
    }
    let mapped = Set(keys.values)
    let missing = Key.allCases.filter { $0.isTwelveKey && !mapped.contains($0) }
    if !missing.isEmpty {
      let list = missing.map { "'\($0.name)'" }.joined(separator: ", ")
      let noun = missing.count == 1 ? "key" : "keys"
      throw KeymapError(
        "no code is mapped to \(noun) \(list); a keymap must map all of 0-9, * and #", file: file)
    }
    return Keymap(name: name, keys: keys, holdPolicies: holdPolicies)
  }

  private mutating func parseLine(_ line: Substring, at number: Int) throws(KeymapError) {
    var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let first = fields.first, !first.hasPrefix("#") else { return }
    if let comment = fields.indices.dropFirst(2).first(where: { fields[$0].hasPrefix("#") }) {
      fields.removeSubrange(comment...)
    }
    if first == "keymap" {
      try parseName(fields, at: number)
    } else {
      try parseMapping(fields, at: number)
    }
  }

  private mutating func parseName(_ fields: [Substring], at number: Int) throws(KeymapError) {
    if name != nil {
      throw error("a second 'keymap' line (the first is on line \(nameLine))", at: number)
    }
    guard fields.count >= 2 else { throw error("expected a name after 'keymap'", at: number) }
    let value = fields[1]
    let allowed = value.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))
    }
    guard allowed else {
      throw error("bad keymap name '\(value)' (use letters, digits, '-', '_' and '.')", at: number)
    }
    if fields.count > 2 {
      throw error("unexpected '\(fields[2])' after the keymap name", at: number)
    }
    name = String(value)
    nameLine = number
  }

  private mutating func parseMapping(_ fields: [Substring], at number: Int) throws(KeymapError) {
    guard name != nil else {
      throw error("'\(fields[0])' before the 'keymap NAME' line", at: number)
    }
    let code = try parseCode(fields[0], at: number)
    guard fields.count >= 2 else {
      throw error("expected a logical key after '\(fields[0])'", at: number)
    }
    guard let key = Key(rawValue: fields[1].lowercased()) else {
      throw error(
        "unknown logical key '\(fields[1])' (expected 0-9, *, #, ok, back, up, down, left, right,"
          + " call, end, softleft or softright)", at: number)
    }
    var hold: HoldPolicy?
    for field in fields.dropFirst(2) {
      guard field.hasPrefix("hold=") else {
        throw error("unexpected '\(field)' after the logical key", at: number)
      }
      guard hold == nil else { throw error("hold is given twice", at: number) }
      hold = try parseHold(field.dropFirst("hold=".count), at: number)
    }
    if let previous = codeLines[code] {
      throw error("\(Self.describe(code)) is already mapped on line \(previous)", at: number)
    }
    if let hold {
      if let earlier = holdPolicies[key], let earlierLine = holdLines[key], earlier != hold {
        throw error(
          "conflicting hold for '\(key.name)': hold=\(Self.holdName(hold)) here,"
            + " hold=\(Self.holdName(earlier)) on line \(earlierLine)", at: number)
      }
      if holdPolicies[key] == nil {
        holdPolicies[key] = hold
        holdLines[key] = number
      }
    }
    keys[code] = key
    codeLines[code] = number
  }

  private func parseCode(_ field: Substring, at number: Int) throws(KeymapError) -> UInt16 {
    guard let head = field.first, head.isASCII, head.isNumber else {
      guard let code = EvdevKeyNames.code(named: String(field)) else {
        throw error("unknown key name '\(field)' (give its code as a number instead)", at: number)
      }
      return code
    }
    let lower = field.lowercased()
    let parsed =
      lower.hasPrefix("0x") ? UInt16(lower.dropFirst(2), radix: 16) : UInt16(lower, radix: 10)
    guard let code = parsed, (1...EvdevKeyNames.maximumCode).contains(code) else {
      throw error("bad key code '\(field)' (expected 1-767 or 0x1-0x2ff)", at: number)
    }
    return code
  }

  private func parseHold(_ value: Substring, at number: Int) throws(KeymapError) -> HoldPolicy {
    switch value {
    case "none": return .none
    case "long": return .longPress
    case "repeat": return .longPressThenRepeat
    default: throw error("bad hold value '\(value)' (expected none, long or repeat)", at: number)
    }
  }

  private func error(_ reason: String, at number: Int) -> KeymapError {
    KeymapError(reason, file: file, line: number)
  }

  /// `KEY_KP7 (71)` for a known code, `code 600` otherwise.
  static func describe(_ code: UInt16) -> String {
    if let name = EvdevKeyNames.name(of: code) { "\(name) (\(code))" } else { "code \(code)" }
  }

  /// The keymap file's word for `policy`.
  static func holdName(_ policy: HoldPolicy) -> String {
    switch policy {
    case .none: "none"
    case .longPress: "long"
    case .longPressThenRepeat: "repeat"
    }
  }
}
