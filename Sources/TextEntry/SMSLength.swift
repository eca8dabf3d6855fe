/// How long a text message is, counted as a GSM phone counts it: GSM-7
/// septets (extension characters `^ { } [ ] ~ | € \` take two) unless a
/// character is outside the GSM alphabet, then UCS-2 units.
///
/// One message holds 160 septets (70 UCS-2 units); a longer text is split
/// into parts of 153 (67), at most `maximumParts`.
public struct SMSLength: Sendable, Hashable {
  /// The most parts a message may have.
  public static let maximumParts = 3
  /// Septets so far (each GSM character 1, extension characters 2).
  public private(set) var septets = 0
  /// UTF-16 units so far (the length if the text goes as UCS-2).
  public private(set) var ucs2Units = 0
  /// Whether every character so far is in the GSM alphabet.
  public private(set) var isGSM = true

  /// The length of an empty message.
  public init() {}

  /// The length of `scalars`.
  public init<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
    for scalar in scalars { add(scalar) }
  }

  /// A length from its totals (a `TextBuffer` keeps them as it changes).
  init(septets: Int, ucs2Units: Int, isGSM: Bool) {
    self.septets = septets
    self.ucs2Units = ucs2Units
    self.isGSM = isGSM
  }

  /// Adds one character.
  public mutating func add(_ scalar: Unicode.Scalar) {
    ucs2Units += SMSLength.ucs2Units(scalar)
    let cost = SMSLength.septets(scalar)
    if cost == 0 { isGSM = false } else { septets += cost }
  }

  /// UTF-16 units a character takes in UCS-2: 2 outside the basic plane.
  @inline(__always)
  static func ucs2Units(_ scalar: Unicode.Scalar) -> Int { scalar.value > 0xFFFF ? 2 : 1 }

  /// Septets a character takes in GSM-7: 1 (basic), 2 (extension), or 0
  /// when it is not in the GSM alphabet.
  @inline(__always)
  public static func septets(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x100 {
      let bits = latinBits(value >> 6)
      let bit: UInt64 = 1 &<< UInt64(value & 63)
      return bits.basic & bit != 0 ? 1 : (bits.extended & bit != 0 ? 2 : 0)
    }
    switch value {
    case 0x394, 0x3A6, 0x393, 0x39B, 0x3A9, 0x3A0, 0x3A8, 0x3A3, 0x398, 0x39E: return 1
    case 0x20AC: return 2
    default: return 0
    }
  }

  /// Which of the 64 codes from `word` · 64 (Latin-1) are in `basic` and
  /// in `extended`, one bit each: constants, not a table, so counting a
  /// character reads no global (each read of one runs its
  /// initialisation check). A test derives them from the two strings.
  @inline(__always)
  static func latinBits(_ word: UInt32) -> (basic: UInt64, extended: UInt64) {
    switch word {
    case 0: (0xFFFF_FFFF_0000_2400, 0x0000_0000_0000_1000)
    case 1: (0x07FF_FFFE_87FF_FFFF, 0x7800_0000_7800_0000)
    case 2: (0x8000_00BA_0000_0000, 0)
    default: (0x1346_1371_9142_02F0, 0)
    }
  }

  /// Units counted: septets for GSM-7, UTF-16 units for UCS-2.
  public var units: Int { isGSM ? septets : ucs2Units }

  /// Units in a single-part message.
  public var singleCapacity: Int { isGSM ? 160 : 70 }
  /// Units in each part of a split message.
  public var partCapacity: Int { isGSM ? 153 : 67 }
  /// The most units a message may hold (all its parts).
  public var maximumUnits: Int { partCapacity * SMSLength.maximumParts }

  /// How many parts the message takes (at least one).
  public var parts: Int {
    units <= singleCapacity ? 1 : (units + partCapacity - 1) / partCapacity
  }

  /// Units left before the message needs another part (or is full).
  public var remainingInPart: Int {
    units <= singleCapacity ? singleCapacity - units : parts * partCapacity - units
  }

  /// Whether the message fits in `maximumParts` parts.
  public var fits: Bool { units <= (units <= singleCapacity ? singleCapacity : maximumUnits) }

  /// The status-row counter: characters left in this part / parts, e.g.
  /// `160/1`, `152/2`.
  public var counter: String { "\(remainingInPart)/\(parts)" }

  /// The GSM 03.38 basic character set.
  static let basic =
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
  /// The GSM 03.38 extension table (each character takes two septets).
  static let extended = "^{}\\[~]|€\u{0C}"
}
