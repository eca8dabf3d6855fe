/// The text of a `+CUSD` reply, decoded by its data coding scheme (TS
/// 23.038 §5, the cell-broadcast scheme USSD uses) and the form a modem
/// gives it in.
///
/// Modems differ: a SIM800 in its default `IRA` character set gives GSM-7
/// replies as plain text and UCS-2 replies as hex of their UTF-16 code
/// units; others (Huawei's, some Quectel firmware) give a GSM-7 reply as the
/// hex of its packed septets. The scheme says which alphabet; the text says
/// which form: hex of a whole number of code units where hex is expected,
/// else plain.
public enum USSDText {
  /// The alphabet a data coding scheme names.
  public enum Alphabet: Sendable, Hashable {
    /// The GSM 7-bit default alphabet.
    case gsm7
    /// UCS-2 (UTF-16, surrogate pairs joined).
    case ucs2
    /// 8-bit data.
    case data
  }

  /// The alphabet of cell-broadcast data coding scheme `dcs` (TS 23.038
  /// §5): groups 0000, 0010 and 0011 are GSM-7, 0001 says its first
  /// character or two (0x10 GSM-7, 0x11 UCS-2), 01xx and 1001 carry the
  /// alphabet in bits 2–3, 1111 in bit 2.
  public static func alphabet(dcs: Int) -> Alphabet {
    let group = (dcs >> 4) & 0x0F
    switch group {
    case 0x0, 0x2, 0x3: return .gsm7
    case 0x1: return dcs & 0x0F == 0x01 ? .ucs2 : .gsm7
    case 0x4, 0x5, 0x6, 0x7, 0x9:
      switch (dcs >> 2) & 0x03 {
      case 0: return .gsm7
      case 1: return .data
      default: return .ucs2
      }
    case 0xF: return dcs & 0x04 == 0 ? .gsm7 : .data
    default: return .gsm7
    }
  }

  /// Decodes `text` (the quoted field of `+CUSD`, without its quotes) of
  /// scheme `dcs`, appending its characters to `scalars`.
  ///
  /// UCS-2 in hex is read as UTF-16 (a lone surrogate becomes U+FFFD). A
  /// GSM-7 reply that is all hex digits, at least 14 of them and an even
  /// number, with a letter among them, is read as packed septets when
  /// every septet is a printable GSM character; otherwise it is taken as
  /// the plain text it is (a reply of digits stays digits). 8-bit data is
  /// shown as the modem wrote it.
  public static func decode(_ text: [UInt8], dcs: Int, into scalars: inout [Unicode.Scalar]) {
    switch alphabet(dcs: dcs) {
    case .ucs2:
      guard isHex(text, multipleOf: 4) else { return plain(text, into: &scalars) }
      decodeUTF16Hex(text, into: &scalars)
    case .gsm7:
      let start = scalars.count
      if text.count >= 14, isHex(text, multipleOf: 2),
        text.contains(where: { $0 > UInt8(ascii: "9") }),
        decodePacked(text, into: &scalars)
      {
        return
      }
      scalars.removeSubrange(start...)
      plain(text, into: &scalars)
    case .data:
      plain(text, into: &scalars)
    }
  }

  private static func isHex(_ text: [UInt8], multipleOf unit: Int) -> Bool {
    !text.isEmpty && text.count % unit == 0 && text.allSatisfy { Hex.value($0) != nil }
  }

  /// The text as the modem gave it: UTF-8 (IRA is its ASCII subset).
  private static func plain(_ text: [UInt8], into scalars: inout [Unicode.Scalar]) {
    var iterator = text.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .error: scalars.append("\u{FFFD}")
      case .emptyInput: return
      }
    }
  }

  private static func byte(_ text: [UInt8], _ index: Int) -> UInt8 {
    (Hex.value(text[2 * index]) ?? 0) << 4 | (Hex.value(text[2 * index + 1]) ?? 0)
  }

  private static func decodeUTF16Hex(_ text: [UInt8], into scalars: inout [Unicode.Scalar]) {
    let units = text.count / 4
    var index = 0
    func unit(_ at: Int) -> UInt16 {
      UInt16(byte(text, 2 * at)) << 8 | UInt16(byte(text, 2 * at + 1))
    }
    while index < units {
      let first = unit(index)
      index += 1
      if first >= 0xD800, first < 0xDC00, index < units {
        let second = unit(index)
        if second >= 0xDC00, second < 0xE000 {
          index += 1
          let value = 0x10000 + (UInt32(first - 0xD800) << 10 | UInt32(second - 0xDC00))
          scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
          continue
        }
      }
      scalars.append(Unicode.Scalar(UInt32(first)) ?? "\u{FFFD}")
    }
  }

  /// Packed septets in hex; `false` when one is not printable (then the
  /// text was plain after all).
  private static func decodePacked(_ text: [UInt8], into scalars: inout [Unicode.Scalar]) -> Bool {
    let octets = text.count / 2
    let count = octets * 8 / 7
    var escaped = false
    for index in 0..<count {
      let septet = Septets.septet(at: index, fillBits: 0) { $0 < octets ? byte(text, $0) : 0 }
      // A last septet of 0x0D padding a 7-septet boundary is no character
      // (TS 23.038 §6.1.2.3.1).
      if index == count - 1, septet == 0x0D, count % 8 == 0 { break }
      if escaped {
        escaped = false
        scalars.append(GSMAlphabet.extensionCharacter(septet))
        continue
      }
      if septet == GSMAlphabet.escape {
        escaped = true
        continue
      }
      let scalar = GSMAlphabet.character(septet)
      guard scalar.value >= 0x20 || scalar == "\n" || scalar == "\r" else { return false }
      scalars.append(scalar)
    }
    return true
  }
}
