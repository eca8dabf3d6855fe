/// Writes a text as the SMS-SUBMIT PDUs a modem sends with `AT+CMGS`:
/// GSM-7 when every character is in the GSM alphabet, else UCS-2; one
/// part of up to 160 septets (70 UTF-16 units), or parts of 153 (67) that
/// share a concatenation reference, 152 (66) when it is 16-bit. An
/// extension character keeps its escape, and a surrogate pair its other
/// half, in the same part.
///
/// Each part's PDU starts with `00` (the modem's default service centre)
/// and has message reference 0 (the modem assigns one) and no validity
/// period.
public struct SubmitEncoder {
  /// Why a text cannot be sent.
  public enum Refusal: Error, Sendable, Hashable {
    /// More than 255 parts.
    case tooLong(parts: Int)
  }

  /// The recipient.
  public var recipient: PhoneAddress
  /// Whether to ask the network for a status report.
  public var requestsStatusReport: Bool
  /// The concatenation reference (16-bit when over 255).
  public var reference: Int
  /// Whether the message is a flash message (class 0).
  public var isFlash: Bool

  /// An encoder for messages to `recipient`.
  public init(
    recipient: PhoneAddress, requestsStatusReport: Bool = false, reference: Int = 0,
    isFlash: Bool = false
  ) {
    self.recipient = recipient
    self.requestsStatusReport = requestsStatusReport
    self.reference = reference & 0xFFFF
    self.isFlash = isFlash
  }

  /// The alphabet `text` goes in: GSM-7 if it can.
  public static func alphabet(
    for text: some Collection<Unicode.Scalar>
  ) -> DataCoding.Alphabet {
    text.allSatisfy { GSMAlphabet.cost($0) > 0 } ? .gsm7 : .ucs2
  }

  /// The cost of `scalar` in `alphabet`: septets or UTF-16 units.
  @inline(__always)
  static func cost(_ scalar: Unicode.Scalar, in alphabet: DataCoding.Alphabet) -> Int {
    alphabet == .gsm7 ? GSMAlphabet.cost(scalar) : (scalar.value > 0xFFFF ? 2 : 1)
  }

  /// Where each part of `text` starts and ends, as offsets into it.
  public func parts(
    of text: some RandomAccessCollection<Unicode.Scalar>
  ) -> [Range<Int>] {
    Self.parts(of: text, wideReference: reference > 255)
  }

  /// Where each part of `text` starts and ends when its parts carry an
  /// 8-bit or a 16-bit reference.
  public static func parts(
    of text: some RandomAccessCollection<Unicode.Scalar>, wideReference: Bool
  ) -> [Range<Int>] {
    let alphabet = Self.alphabet(for: text)
    let total = text.reduce(0) { $0 + Self.cost($1, in: alphabet) }
    let single = alphabet == .gsm7 ? 160 : 70
    if total <= single { return [0..<text.count] }
    let capacity = (alphabet == .gsm7 ? 153 : 67) - (wideReference ? 1 : 0)
    var ranges: [Range<Int>] = []
    var start = 0
    var used = 0
    for (offset, scalar) in text.enumerated() {
      let cost = Self.cost(scalar, in: alphabet)
      if used + cost > capacity {
        ranges.append(start..<offset)
        start = offset
        used = 0
      }
      used += cost
    }
    ranges.append(start..<text.count)
    return ranges
  }

  /// The PDUs of `text`, one a part.
  public func encode(
    _ text: some RandomAccessCollection<Unicode.Scalar>
  ) throws(Refusal) -> [[UInt8]] {
    let ranges = parts(of: text)
    guard ranges.count <= 255 else { throw .tooLong(parts: ranges.count) }
    let alphabet = Self.alphabet(for: text)
    var pdus: [[UInt8]] = []
    let scalars = Array(text)
    for (index, range) in ranges.enumerated() {
      let concatenation =
        ranges.count == 1
        ? nil
        : Concatenation(
          reference: reference, total: ranges.count, sequence: index + 1,
          isWide: reference > 255)
      var pdu: [UInt8] = []
      encodePart(scalars[range], alphabet: alphabet, concatenation: concatenation, into: &pdu)
      pdus.append(pdu)
    }
    return pdus
  }

  /// Appends one part's PDU to `pdu`.
  public func encodePart(
    _ text: ArraySlice<Unicode.Scalar>, alphabet: DataCoding.Alphabet,
    concatenation: Concatenation?, into pdu: inout [UInt8]
  ) {
    pdu.append(0x00)
    var first: UInt8 = 0x01
    if concatenation != nil { first |= 0x40 }
    if requestsStatusReport { first |= 0x20 }
    pdu.append(first)
    pdu.append(0x00)
    recipient.write(to: &pdu)
    pdu.append(0x00)
    UserData.write(
      text, alphabet: alphabet, flash: isFlash, concatenation: concatenation, into: &pdu)
  }
}
