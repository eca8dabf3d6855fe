/// A cursor over a PDU's bytes that names what it expected when they run
/// out.
struct PDUReader {
  private let bytes: [UInt8]
  /// The offset of the next byte.
  private(set) var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// How many bytes the PDU has.
  var count: Int { bytes.count }
  /// How many bytes are left.
  var remaining: Int { bytes.count - position }
  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The byte at `offset` (which the caller has checked).
  subscript(offset: Int) -> UInt8 { bytes[offset] }

  /// The next byte, the PDU's `what` (and `detail`, when it is part of
  /// a field: the message is built only when the PDU ends there).
  mutating func byte(_ what: StaticString, _ detail: StaticString = "") throws(PDUError) -> UInt8 {
    guard position < bytes.count else {
      throw PDUError(offset: position, reason: "ends before the \(what)\(detail)")
    }
    defer { position += 1 }
    return bytes[position]
  }

  /// Skips `count` bytes, the PDU's `what`.
  mutating func skip(_ count: Int, _ what: StaticString) throws(PDUError) {
    guard remaining >= count else {
      throw PDUError(offset: bytes.count, reason: "ends in the \(what)")
    }
    position += count
  }

  /// The service centre field: its length in octets (0: none), then the
  /// type and swapped BCD digits.
  mutating func serviceCentre() throws(PDUError) -> PhoneAddress? {
    let lengthOffset = position
    let octets = Int(try byte("service centre length"))
    guard octets > 0 else { return nil }
    guard octets <= PhoneAddress.maximumOctets + 1 else {
      throw PDUError(
        offset: lengthOffset, reason: "service centre of \(octets) octets (at most 11)")
    }
    let type = try byte("service centre type")
    let valueStart = position
    try skip(octets - 1, "service centre address")
    let value = bytes[valueStart..<position]
    var digits = value.count * 2
    if let last = value.last, last >> 4 == 0x0F { digits -= 1 }
    return PhoneAddress(length: digits, typeOfAddress: type, octets: value)
  }

  /// An address field: its length in semi-octets, type, and value.
  mutating func address(_ what: StaticString) throws(PDUError) -> PhoneAddress {
    let lengthOffset = position
    let length = Int(try byte(what, " length"))
    guard length <= PhoneAddress.maximumDigits else {
      throw PDUError(
        offset: lengthOffset, reason: "\(what) of \(length) digits (at most 20)")
    }
    let type = try byte(what, " type")
    let valueStart = position
    try skip((length + 1) / 2, what)
    return PhoneAddress(length: length, typeOfAddress: type, octets: bytes[valueStart..<position])
  }

  /// A seven-octet time stamp, `nil` when its digits are not valid.
  mutating func timestamp(_ what: StaticString) throws(PDUError) -> SMSTimestamp? {
    let start = position
    try skip(7, what)
    return SMSTimestamp(octets: bytes[start..<position])
  }
}
