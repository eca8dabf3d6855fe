/// Hexadecimal text as AT commands carry PDUs: two digits a byte, either
/// case.
public enum Hex {
  /// The bytes of `text` (ASCII hex digits, an even number of them),
  /// appended to `bytes`; a bad digit or an odd count throws with the
  /// offset of the byte it falls in. Appends nothing past `limit` bytes.
  /// (An array, not any sequence: called across modules, a generic
  /// version would not be specialised and would allocate a byte.)
  public static func decode(
    _ text: [UInt8], into bytes: inout [UInt8], limit: Int = .max
  ) throws(PDUError) {
    var high: UInt8? = nil
    var index = 0
    for character in text {
      guard let nibble = value(character) else {
        throw PDUError(offset: index / 2, reason: "not a hex digit")
      }
      if let first = high {
        guard bytes.count < limit else {
          throw PDUError(offset: index / 2, reason: "longer than \(limit) bytes")
        }
        bytes.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
      index += 1
    }
    if high != nil { throw PDUError(offset: index / 2, reason: "odd number of hex digits") }
  }

  /// The value of one hex digit, or `nil`.
  @inline(__always)
  public static func value(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// The uppercase digit for a value below 16.
  @inline(__always)
  public static func digit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  /// Appends `byte` as two uppercase digits.
  @inline(__always)
  public static func append(_ byte: UInt8, to text: inout [UInt8]) {
    text.append(digit(byte >> 4))
    text.append(digit(byte & 0x0F))
  }

  /// `bytes` as uppercase hex text.
  public static func string(_ bytes: some Sequence<UInt8>) -> String {
    var text: [UInt8] = []
    for byte in bytes { append(byte, to: &text) }
    return String(decoding: text, as: UTF8.self)
  }
}
