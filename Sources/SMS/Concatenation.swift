/// Which part of a longer message a PDU carries (TS 23.040 §9.2.3.24.1
/// and .8): the message's reference, its part count and this part's
/// number.
public struct Concatenation: Sendable, Hashable {
  /// The reference every part of the message shares.
  public var reference: Int
  /// How many parts the message has (1–255).
  public var total: Int
  /// This part's number, 1 for the first.
  public var sequence: Int
  /// Whether the reference is 16-bit (information element 08) rather
  /// than 8-bit (00).
  public var isWide: Bool

  /// A part's concatenation.
  public init(reference: Int, total: Int, sequence: Int, isWide: Bool) {
    self.reference = reference
    self.total = total
    self.sequence = sequence
    self.isWide = isWide
  }

  /// The information element's octets: identifier, length and value.
  public var element: [UInt8] {
    isWide
      ? [
        0x08, 0x04, UInt8(reference >> 8 & 0xFF), UInt8(reference & 0xFF), UInt8(total),
        UInt8(sequence),
      ]
      : [0x00, 0x03, UInt8(reference & 0xFF), UInt8(total), UInt8(sequence)]
  }
}
