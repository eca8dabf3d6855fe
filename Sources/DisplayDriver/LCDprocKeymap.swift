import Vocabulary

/// Which phone key each of LCDd's key names stands for, for boards whose
/// keypad LCDd reads (`t9phone run --input lcdproc`). The client reserves
/// these names with `client_add_key`; LCDd then sends `key NAME` for each
/// press. See docs/displays.md ("LCDd (lcdproc)", "Keys") for the format:
///
/// ```
/// lcdproc-keymap lcdproc
/// key Up      up
/// key Enter   ok
/// key #       #
/// key F1      0     long
/// ```
public struct LCDprocKeymap: Sendable, Hashable {
  /// What a key name does.
  public struct Mapping: Sendable, Hashable {
    /// LCDd's key name (`Up`, `Enter`, `1`), as LCDd spells it.
    public var name: String
    /// The phone key it presses.
    public var key: Key
    /// Whether a press is held past the long press instead of tapped.
    public var long: Bool

    /// Creates a mapping.
    public init(name: String, key: Key, long: Bool = false) {
      self.name = name
      self.key = key
      self.long = long
    }
  }

  /// The keymap's name, from its `lcdproc-keymap NAME` line.
  public var name: String
  /// The mappings, in file order.
  public private(set) var mappings: [Mapping]

  /// Creates a keymap from mappings (no name may appear twice).
  public init(name: String, mappings: [Mapping]) {
    self.name = name
    self.mappings = mappings
  }

  /// The mapping of LCDd's key `name`, if any (names are case-sensitive,
  /// as LCDd's are).
  public func mapping(for name: [UInt8]) -> Mapping? {
    mappings.first { Array($0.name.utf8) == name }
  }

  /// The first line of every lcdproc keymap file.
  public static let header = "lcdproc-keymap"

  /// Reads a keymap from `text`; `file` names it in error messages.
  ///
  /// One statement a line, fields separated by spaces or tabs: a line whose
  /// first field starts with `#` is a comment; `lcdproc-keymap NAME` comes
  /// first; then `key NAME KEY [long]` lines, where `NAME` is LCDd's key
  /// name (any bytes but spaces, `#` included) and `KEY` a phone key; a
  /// field after them starting with `#` starts a comment.
  public static func parse(_ text: String, file: String) throws(KeymapError) -> LCDprocKeymap {
    var name: String?
    var mappings: [Mapping] = []
    var lines: [Int] = []
    let textLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline })
    for (index, line) in textLines.enumerated() {
      let number = index + 1
      var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let first = fields.first, !first.hasPrefix("#") else { continue }
      if first == Substring(header) {
        guard name == nil else {
          throw KeymapError("a second '\(header)' line", file: file, line: number)
        }
        guard fields.count == 2 || (fields.count > 2 && fields[2].hasPrefix("#")) else {
          throw KeymapError("expected '\(header) NAME'", file: file, line: number)
        }
        name = String(fields[1])
        continue
      }
      guard name != nil else {
        throw KeymapError(
          "expected '\(header) NAME' first (is this an evdev keymap? those are for --input DEVICE)",
          file: file, line: number)
      }
      guard first == "key" else {
        throw KeymapError(
          "unexpected '\(first)' (expected 'key NAME KEY')", file: file, line: number)
      }
      if let comment = fields.indices.dropFirst(3).first(where: { fields[$0].hasPrefix("#") }) {
        fields.removeSubrange(comment...)
      }
      guard fields.count >= 3 else {
        throw KeymapError("expected 'key NAME KEY'", file: file, line: number)
      }
      guard let key = Key(rawValue: fields[2].lowercased()) else {
        throw KeymapError(
          "unknown logical key '\(fields[2])' (expected 0-9, *, #, ok, back, up, down, left, right,"
            + " call, end, softleft or softright)", file: file, line: number)
      }
      var long = false
      if fields.count > 3 {
        guard fields.count == 4, fields[3] == "long" else {
          throw KeymapError(
            "unexpected '\(fields[3])' after the logical key (only 'long')", file: file,
            line: number)
        }
        long = true
      }
      let keyName = String(fields[1])
      if let previous = mappings.firstIndex(where: { $0.name == keyName }) {
        throw KeymapError(
          "'\(keyName)' is already mapped on line \(lines[previous])", file: file, line: number)
      }
      mappings.append(Mapping(name: keyName, key: key, long: long))
      lines.append(number)
    }
    guard let name else { throw KeymapError("no '\(header) NAME' line", file: file) }
    guard !mappings.isEmpty else { throw KeymapError("no 'key NAME KEY' line", file: file) }
    return LCDprocKeymap(name: name, mappings: mappings)
  }
}
