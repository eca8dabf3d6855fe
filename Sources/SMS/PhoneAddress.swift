/// An SMS address (TS 23.040 §9.1.2.5): a phone number, international or
/// not, or an alphanumeric sender name such as `Telkomsel`.
///
/// It keeps the address's octets as the PDU carries them, at most 10 (20
/// digits or 11 letters), inline: reading or writing one allocates nothing.
public struct PhoneAddress: Sendable, Hashable {
  /// How the address is to be read.
  public enum Kind: Sendable, Hashable {
    /// A number with its country code, shown with a leading `+`.
    case international
    /// A number as dialled in its own network (national or of unknown
    /// kind).
    case national
    /// A sender name in the GSM alphabet.
    case alphanumeric
  }

  /// The most octets an address field carries after its length and type.
  public static let maximumOctets = 10
  /// The most digits of a number.
  public static let maximumDigits = 20

  /// How the address is read.
  public let kind: Kind
  /// The type-of-address octet as the PDU carries it (`0x91`, `0x81`,
  /// `0xD0`, …).
  public let typeOfAddress: UInt8
  /// The address field's length: digits, or for a name the semi-octets
  /// its packed septets fill.
  public let length: Int
  private var octets: InlineArray<10, UInt8>

  /// The address read from a PDU: its length field, type octet and
  /// value octets (`(length + 1) / 2` of them, at most 10).
  /// (A slice, not any collection: called across modules, a generic
  /// version would not be specialised and would allocate.)
  public init(length: Int, typeOfAddress: UInt8, octets value: ArraySlice<UInt8>) {
    self.length = length
    self.typeOfAddress = typeOfAddress
    switch typeOfAddress & 0x70 {
    case 0x10: kind = .international
    case 0x50: kind = .alphanumeric
    default: kind = .national
    }
    octets = InlineArray(repeating: 0xFF)
    for (index, octet) in value.prefix(PhoneAddress.maximumOctets).enumerated() {
      octets[index] = octet
    }
  }

  /// A number from its text: digits, `*` and `#`, international when it
  /// starts with `+`. `nil` for anything else, an empty number, or more
  /// than 20 digits.
  public init?(number: some Collection<UInt8>) {
    var digits = number[...]
    let international = digits.first == UInt8(ascii: "+")
    if international { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= PhoneAddress.maximumDigits else { return nil }
    var octets = InlineArray<10, UInt8>(repeating: 0xFF)
    for (index, character) in digits.enumerated() {
      let semiOctet: UInt8
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): semiOctet = character - UInt8(ascii: "0")
      case UInt8(ascii: "*"): semiOctet = 0x0A
      case UInt8(ascii: "#"): semiOctet = 0x0B
      default: return nil
      }
      let octet = octets[index / 2]
      octets[index / 2] =
        index % 2 == 0 ? (octet & 0xF0) | semiOctet : (octet & 0x0F) | semiOctet << 4
    }
    self.kind = international ? .international : .national
    self.typeOfAddress = international ? 0x91 : 0x81
    self.length = digits.count
    self.octets = octets
  }

  /// Two addresses are equal when they have the same type, length and
  /// value octets.
  public static func == (lhs: PhoneAddress, rhs: PhoneAddress) -> Bool {
    guard lhs.typeOfAddress == rhs.typeOfAddress, lhs.length == rhs.length else { return false }
    for index in 0..<lhs.octetCount where lhs.octets[index] != rhs.octets[index] { return false }
    return true
  }

  /// Hashes the type, length and value octets.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeOfAddress)
    hasher.combine(length)
    for index in 0..<octetCount { hasher.combine(octets[index]) }
  }

  /// A sender name (type `D0`): at most 11 characters, all in the GSM
  /// alphabet; `nil` otherwise.
  public init?(name: some Collection<Unicode.Scalar>) {
    var octets: [UInt8] = []
    var packer = Septets.Packer()
    var septets = 0
    for scalar in name {
      let added = packer.add(character: scalar, to: &octets)
      guard added > 0 else { return nil }
      septets += added
    }
    packer.finish(to: &octets)
    guard septets > 0, octets.count <= PhoneAddress.maximumOctets else { return nil }
    self.init(length: (septets * 7 + 3) / 4, typeOfAddress: 0xD0, octets: octets[...])
  }

  /// A number from its text (see `init?(number:)` on bytes).
  public init?(number: String) { self.init(number: Array(number.utf8)) }

  /// How many value octets follow the length and type.
  public var octetCount: Int {
    kind == .alphanumeric ? Swift.min((length + 1) / 2, 10) : (length + 1) / 2
  }

  /// Value octet `index` (below `octetCount`), as the PDU carries it.
  public func valueOctet(at index: Int) -> UInt8 { octets[index] }

  /// The value octets, as the PDU carries them.
  public var valueOctets: [UInt8] { (0..<octetCount).map { octets[$0] } }

  /// Appends the whole address field (length, type, value) to `pdu`.
  public func write(to pdu: inout [UInt8]) {
    pdu.append(UInt8(length))
    pdu.append(typeOfAddress)
    for index in 0..<octetCount { pdu.append(octets[index]) }
  }

  /// The address as a person reads it: `+31641600986`, `0812345678`,
  /// `Telkomsel`.
  public var text: String {
    var scalars: [Unicode.Scalar] = []
    appendText(to: &scalars)
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// Appends the address as a person reads it to `scalars`.
  public func appendText(to scalars: inout [Unicode.Scalar]) {
    switch kind {
    case .alphanumeric:
      let count = octetCount
      let septets = Swift.min(length * 4 / 7, count * 8 / 7)
      var escaped = false
      var last: UInt8 = 0xFF
      for index in 0..<septets {
        let septet = Septets.septet(at: index, fillBits: 0) { $0 < count ? octets[$0] : 0 }
        last = septet
        if escaped {
          scalars.append(GSMAlphabet.extensionCharacter(septet))
          escaped = false
        } else if septet == GSMAlphabet.escape {
          escaped = true
        } else {
          scalars.append(GSMAlphabet.character(septet))
        }
      }
      // A length rounded up to whole octets reads the last octet's 7 fill
      // bits as one more septet, 0: an '@' that is not there.
      if septets > 0, last == 0, septets * 7 == count * 8, length % 2 == 0 {
        scalars.removeLast()
      }
    case .international, .national:
      if kind == .international { scalars.append("+") }
      for index in 0..<length {
        let octet = octets[index / 2]
        let semiOctet = index % 2 == 0 ? octet & 0x0F : octet >> 4
        scalars.append(PhoneAddress.digitCharacter(semiOctet))
      }
    }
  }

  /// The character of one semi-octet of a number (TS 24.008 BCD: `*`,
  /// `#`, `a`–`c` above 9).
  static func digitCharacter(_ semiOctet: UInt8) -> Unicode.Scalar {
    switch semiOctet {
    case 0...9: Unicode.Scalar(UInt8(ascii: "0") + semiOctet)
    case 0x0A: "*"
    case 0x0B: "#"
    case 0x0C: "a"
    case 0x0D: "b"
    case 0x0E: "c"
    default: "?"
    }
  }
}
