/// The character generator ROM of an HD44780: which glyph each code shows.
///
/// Codes 0x00–0x07 (and their aliases 0x08–0x0F) show the eight CGRAM glyphs;
/// the rest come from the ROM. Two ROMs are modelled: A00 (Japanese, the
/// common one) and A02 (European).
public struct CharacterROM: Sendable, Hashable, CustomStringConvertible {
  /// The ROM's name: `A00` or `A02`.
  public var name: String { isA02 ? "A02" : "A00" }
  /// Which of the two ROMs this is.
  private let isA02: Bool
  /// The ROM's tables, which the two ROMs below hold for the life of the
  /// program. Every frame names its ROM and frames are copied at every
  /// step, so a ROM refers to its tables without counting references: a
  /// frame is then plain bytes, copied without retaining anything (the
  /// three arrays held here cost three retains and releases a copy).
  private unowned(unsafe) let tables: Tables

  /// The A00 ROM: ASCII (with ¥ at 0x5C, → ← at 0x7E 0x7F), half-width
  /// katakana and Greek/mathematical symbols.
  public static let a00 = CharacterROM(isA02: false, tables: a00Tables)
  /// The A02 ROM: ASCII with `\` and `~`, arrows, Cyrillic, Greek and Latin-1.
  public static let a02 = CharacterROM(isA02: true, tables: a02Tables)

  // The tables' owners: a ROM value's reference to them is not counted.
  private static let a00Tables = Tables(table: a00Table(), font: ROMFont.a00)
  private static let a02Tables = Tables(table: a02Table(), font: ROMFont.a02)

  /// The ROMs by name.
  public static let all = [a00, a02]

  /// The ROM called `name` (`A00` or `A02`, any case).
  public init?(name: String) {
    switch name.uppercased() {
    case "A00": self = .a00
    case "A02": self = .a02
    default: return nil
    }
  }

  private init(isA02: Bool, tables: Tables) {
    self.isA02 = isA02
    self.tables = tables
  }

  /// Two ROMs are the same if they are the same one of the two.
  public static func == (lhs: CharacterROM, rhs: CharacterROM) -> Bool { lhs.isA02 == rhs.isA02 }

  /// Hashes which of the two ROMs this is.
  public func hash(into hasher: inout Hasher) { hasher.combine(isA02) }

  /// The ROM's name.
  public var description: String { name }

  /// The character a ROM code shows, or nil for a blank or CGRAM code.
  public func character(for code: UInt8) -> Unicode.Scalar? {
    let value = tables.decodeTable[Int(code)]
    return value == 0 ? nil : Unicode.Scalar(value)
  }

  /// The 5x8 dots the ROM draws for a code (from the datasheet's tables), or
  /// nil for 0x00–0x0F, which show the CGRAM glyphs.
  public func dots(for code: UInt8) -> DotPattern? {
    guard code >= 0x10 else { return nil }
    return DotPattern(packed: tables.font[Int(code) - 0x10])
  }

  /// The ROM code that shows `scalar` as it is, if the ROM has it.
  public func code(for scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7E && value != 0x5C { return UInt8(value) }
    var low = 0
    let encodeTable = tables.encodeTable
    var high = encodeTable.count
    while low < high {
      let middle = (low + high) / 2
      let entry = encodeTable[middle]
      let entryScalar = UInt32(entry >> 8)
      if entryScalar == value { return UInt8(entry & 0xFF) }
      if entryScalar < value { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  private static func ascii(into table: inout [UInt32]) {
    for code in 0x20...0x7D { table[code] = UInt32(code) }
  }

  private static func fill(_ table: inout [UInt32], from start: Int, _ characters: String) {
    var code = start
    for scalar in characters.unicodeScalars {
      table[code] = scalar == "\u{0}" ? 0 : scalar.value
      code += 1
    }
  }

  private static func a00Table() -> [UInt32] {
    var table = [UInt32](repeating: 0, count: 256)
    ascii(into: &table)
    table[0x5C] = 0xA5  // ¥
    table[0x7E] = 0x2192  // →
    table[0x7F] = 0x2190  // ←
    for code in 0xA1...0xDF { table[code] = 0xFF61 + UInt32(code - 0xA1) }  // JIS X 0201 kana
    fill(&table, from: 0xE0, "αäβεμσρg√⁻jˣ¢£ñöpqθ∞ΩüΣπxy千万円÷\u{0}█")
    return table
  }

  private static func a02Table() -> [UInt32] {
    var table = [UInt32](repeating: 0, count: 256)
    fill(&table, from: 0x10, "▶◀“”⏫⏬●↲↑↓→←≤≥▲▼")
    ascii(into: &table)
    table[0x5C] = 0x5C
    table[0x7E] = 0x7E
    table[0x7F] = 0x2302  // ⌂
    fill(&table, from: 0x80, "БДЖЗИЙЛПУЦЧШЩЪЫЭ")
    fill(&table, from: 0x90, "α♪ΓπΣσ♬τ\u{1F514}θΩδ∞♥ε∩")
    fill(&table, from: 0xA0, "‖¡¢£¤¥¦§ƒ©ª«ЮЯ®‘")
    fill(&table, from: 0xB0, "°±²³₧µ¶·ω¹º»¼½¾¿")
    for code in 0xC0...0xFF { table[code] = UInt32(code) }  // Latin-1 À…ÿ
    table[0xD8] = 0x3A6  // Φ where Latin-1 has Ø
    return table
  }

  /// A ROM's lookup tables.
  private final class Tables: Sendable {
    /// The character of each code (0 for none).
    let decodeTable: [UInt32]
    /// (scalar << 8 | code), sorted by scalar, the lowest code for a scalar.
    let encodeTable: [UInt64]
    /// ROMFont: the dots of codes 0x10–0xFF.
    let font: [UInt64]

    init(table: [UInt32], font: [UInt64]) {
      decodeTable = table
      self.font = font
      var pairs: [UInt64] = []
      for code in 0x10...0xFF where table[code] != 0 {
        let pair = UInt64(table[code]) << 8 | UInt64(code)
        pairs.append(pair)
      }
      pairs.sort()
      // Keep the lowest code for a scalar shown by several codes.
      var unique: [UInt64] = []
      for pair in pairs where unique.last.map({ $0 >> 8 != pair >> 8 }) ?? true {
        unique.append(pair)
      }
      encodeTable = unique
    }
  }
}
