/// The GSM 03.38 (3GPP TS 23.038) default alphabet and its extension table:
/// how a septet reads as a character and how a character is written as
/// septets.
///
/// A character of the extension table is written as the escape septet
/// `0x1B` followed by its code, so it costs two septets.
public enum GSMAlphabet {
  /// The escape septet that selects the extension table for the next one.
  public static let escape: UInt8 = 0x1B

  /// The character a septet of the default alphabet stands for (the escape
  /// septet reads as a space when nothing follows it).
  public static func character(_ septet: UInt8) -> Unicode.Scalar {
    let code = Int(septet & 0x7F)
    // ASCII letters and digits are the same in both alphabets.
    if (0x41...0x5A).contains(code) || (0x61...0x7A).contains(code)
      || (0x30...0x39).contains(code)
    {
      return Unicode.Scalar(UInt8(code))
    }
    return Unicode.Scalar(UInt32(basic[code])) ?? " "
  }

  /// The character `0x1B` followed by `septet` stands for: an extension
  /// character, or (for a code the table leaves unassigned) the default
  /// alphabet's character, as TS 23.038 asks a receiver to show it.
  public static func extensionCharacter(_ septet: UInt8) -> Unicode.Scalar {
    switch septet & 0x7F {
    case 0x0A: "\u{0C}"
    case 0x14: "^"
    case 0x28: "{"
    case 0x29: "}"
    case 0x2F: "\\"
    case 0x3C: "["
    case 0x3D: "~"
    case 0x3E: "]"
    case 0x40: "|"
    case 0x65: "€"
    case 0x1B: " "
    default: character(septet)
    }
  }

  /// How `scalar` is written: one septet of the default alphabet, two
  /// (escape and code) for the extension table, or `nil` when the
  /// alphabet has no such character.
  public static func septets(for scalar: Unicode.Scalar) -> (first: UInt8, second: UInt8?)? {
    let value = scalar.value
    if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
      || (0x30...0x39).contains(value)
    {
      return (UInt8(value), nil)
    }
    switch value {
    case 0x0C: return (escape, 0x0A)
    case 0x5E: return (escape, 0x14)
    case 0x7B: return (escape, 0x28)
    case 0x7D: return (escape, 0x29)
    case 0x5C: return (escape, 0x2F)
    case 0x5B: return (escape, 0x3C)
    case 0x7E: return (escape, 0x3D)
    case 0x5D: return (escape, 0x3E)
    case 0x7C: return (escape, 0x40)
    case 0x20AC: return (escape, 0x65)
    default: break
    }
    guard value <= 0xFFFF, value != 0x1B else { return nil }
    for code in 0..<basic.count where code != 0x1B && basic[code] == UInt16(value) {
      return (UInt8(code), nil)
    }
    return nil
  }

  /// How many septets `scalar` takes: 1, 2 (extension table), or 0 when
  /// the alphabet has no such character.
  public static func cost(_ scalar: Unicode.Scalar) -> Int {
    guard let septets = septets(for: scalar) else { return 0 }
    return septets.second == nil ? 1 : 2
  }

  /// The default alphabet by code, as Unicode code points (`0x1B`, the
  /// escape, reads as a space on its own).
  static let basic: [UInt16] = [
    0x40, 0xA3, 0x24, 0xA5, 0xE8, 0xE9, 0xF9, 0xEC, 0xF2, 0xC7, 0x0A, 0xD8, 0xF8, 0x0D, 0xC5, 0xE5,
    0x394, 0x5F, 0x3A6, 0x393, 0x39B, 0x3A9, 0x3A0, 0x3A8, 0x3A3, 0x398, 0x39E, 0x20, 0xC6, 0xE6,
    0xDF, 0xC9,
    0x20, 0x21, 0x22, 0x23, 0xA4, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F,
    0xA1, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0xC4, 0xD6, 0xD1, 0xDC, 0xA7,
    0xBF, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F,
    0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0xE4, 0xF6, 0xF1, 0xFC, 0xE0,
  ]
}
