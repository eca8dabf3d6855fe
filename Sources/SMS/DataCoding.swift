/// What a data coding scheme octet says about the user data (TS 23.038
/// §4): its alphabet and, when it has one, its message class.
public struct DataCoding: Sendable, Hashable {
  /// How the user data's characters are written.
  public enum Alphabet: Sendable, Hashable {
    /// The GSM default alphabet, packed in septets.
    case gsm7
    /// Octets the phone does not read as text.
    case eightBit
    /// UTF-16 big-endian (TS 23.038 says UCS-2; surrogate pairs are how
    /// phones send characters beyond the basic plane).
    case ucs2

    /// `gsm7`, `8bit` or `ucs2`, as `sms decode` prints it.
    public var name: String {
      switch self {
      case .gsm7: "gsm7"
      case .eightBit: "8bit"
      case .ucs2: "ucs2"
      }
    }
  }

  /// The octet as the PDU carries it.
  public let octet: UInt8
  /// The alphabet.
  public let alphabet: Alphabet
  /// The message class (0 is a flash message, shown and not stored), if
  /// the scheme gives one.
  public let messageClass: Int?
  /// Whether the text is compressed (TS 23.042), which no phone sends and
  /// this one shows as data.
  public let isCompressed: Bool

  /// The scheme an octet stands for. Reserved values read as GSM-7, as
  /// TS 23.038 asks.
  public init(_ octet: UInt8) {
    self.octet = octet
    switch octet >> 4 {
    case 0x0...0x7:
      isCompressed = octet & 0x20 != 0
      messageClass = octet & 0x10 != 0 ? Int(octet & 0x03) : nil
      switch (octet >> 2) & 0x03 {
      case 1: alphabet = .eightBit
      case 2: alphabet = .ucs2
      default: alphabet = .gsm7
      }
    case 0xE:
      isCompressed = false
      messageClass = nil
      alphabet = .ucs2
    case 0xF:
      isCompressed = false
      messageClass = Int(octet & 0x03)
      alphabet = octet & 0x04 != 0 ? .eightBit : .gsm7
    default:
      isCompressed = false
      messageClass = nil
      alphabet = .gsm7
    }
  }

  /// The scheme the phone sends: GSM-7 (`00`) or UCS-2 (`08`), class 0
  /// (`10`, `18`) for a flash message.
  public init(alphabet: Alphabet, flash: Bool = false) {
    let base: UInt8 =
      switch alphabet {
      case .gsm7: 0x00
      case .eightBit: 0x04
      case .ucs2: 0x08
      }
    self.init(flash ? base | 0x10 : base)
  }

  /// Whether the message is to be shown at once and not stored.
  public var isFlash: Bool { messageClass == 0 }
}
