/// The conversions of glibc's `sscanf` that evemu reads its lines with
/// (`E: %lu.%06u %04x %04x %d`, `I: %04x …`), so a line means here exactly
/// what it means to `evemu-play`: leading white space skipped before each
/// number, a width counting the sign and a `0x` prefix, an optional sign
/// (a negative unsigned number wraps), text after the last conversion
/// ignored.
struct EvemuScanner {
  private let bytes: [UInt8]
  private var index = 0

  /// A scanner at the start of `text`.
  init(_ text: Substring) {
    bytes = Array(text.utf8)
  }

  /// Matches one literal byte (no white space skipped, as in a format).
  mutating func literal(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A format's white space: skips any white space, none included.
  mutating func skipWhiteSpace() {
    while index < bytes.count, EvemuScanner.isSpace(bytes[index]) { index += 1 }
  }

  /// `%u`/`%lu` with an optional width: the value as `strtoul` gives it,
  /// wrapped to `bits` bits; nil when no digit is there (no match).
  mutating func unsigned(width: Int? = nil, bits: Int) -> UInt64? {
    guard let (negative, magnitude) = number(radix: 10, width: width) else { return nil }
    let value = negative ? 0 &- magnitude : magnitude
    return bits >= 64 ? value : value & ((1 << UInt64(bits)) - 1)
  }

  /// `%x` with an optional width (an optional `0x`), wrapped to 32 bits as
  /// an `unsigned int`; nil when no digit is there.
  mutating func hex(width: Int) -> UInt32? {
    guard let (negative, magnitude) = number(radix: 16, width: width) else { return nil }
    return UInt32(truncatingIfNeeded: negative ? 0 &- magnitude : magnitude)
  }

  /// `%d`: the `long` that `strtol` gives (clamped), cut to an `int`.
  mutating func signed() -> Int32? {
    guard let (negative, magnitude) = number(radix: 10, width: nil) else { return nil }
    let clamped: Int64 =
      negative
      ? (magnitude > UInt64(Int64.max) ? Int64.min : -Int64(magnitude))
      : Int64(clamping: magnitude)
    return Int32(truncatingIfNeeded: clamped)
  }

  /// The rest of the line after white space, up to a carriage return
  /// (`%[^\n\r]`).
  mutating func restOfLine() -> Substring {
    skipWhiteSpace()
    var end = index
    while end < bytes.count, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
    let text = String(decoding: bytes[index..<end], as: UTF8.self)
    index = end
    return Substring(text)
  }

  /// Skips white space, then reads an optional sign, (for hex) an optional
  /// `0x`, and digits, all within `width` bytes; the magnitude saturates.
  private mutating func number(radix: UInt64, width: Int?) -> (Bool, UInt64)? {
    skipWhiteSpace()
    var budget = width ?? Int.max
    var position = index
    var negative = false
    if budget > 0, position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
      negative = bytes[position] == 0x2D
      position += 1
      budget -= 1
    }
    if radix == 16, budget >= 3, position + 2 < bytes.count, bytes[position] == 0x30,
      bytes[position + 1] | 0x20 == 0x78, EvemuScanner.digit(bytes[position + 2], radix) != nil
    {
      position += 2
      budget -= 2
    }
    var magnitude: UInt64 = 0
    var digits = 0
    while budget > 0, position < bytes.count,
      let digit = EvemuScanner.digit(bytes[position], radix)
    {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: radix)
      magnitude = overflow ? UInt64.max : product &+ digit
      if !overflow && magnitude < product { magnitude = UInt64.max }
      position += 1
      budget -= 1
      digits += 1
    }
    guard digits > 0 else { return nil }
    index = position
    return (negative, magnitude)
  }

  private static func digit(_ byte: UInt8, _ radix: UInt64) -> UInt64? {
    let value: UInt64
    switch byte {
    case 0x30...0x39: value = UInt64(byte - 0x30)
    case 0x61...0x66: value = UInt64(byte - 0x61 + 10)
    case 0x41...0x46: value = UInt64(byte - 0x41 + 10)
    default: return nil
    }
    return value < radix ? value : nil
  }

  /// C's `isspace`.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
