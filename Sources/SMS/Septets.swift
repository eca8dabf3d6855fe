/// GSM-7 packing (TS 23.038 §6.1.2.1): septets laid end to end in a
/// little-endian bit stream, eight septets in seven octets.
public enum Septets {
  /// The septet at `index` of a stream whose first septet starts after
  /// `fillBits` bits, read through `octet` (which gives 0 past the end).
  @inline(__always)
  public static func septet(at index: Int, fillBits: Int, octet: (Int) -> UInt8) -> UInt8 {
    let bit = fillBits + index * 7
    let byte = bit / 8
    let shift = bit % 8
    var value = octet(byte) >> UInt8(shift)
    if shift > 1 { value |= octet(byte + 1) << UInt8(8 - shift) }
    return value & 0x7F
  }

  /// How many octets `count` septets fill.
  @inline(__always)
  public static func octets(forSeptets count: Int) -> Int { (count * 7 + 7) / 8 }

  /// How many septets a user-data header of `headerOctets` octets (its
  /// length octet included) takes with its fill bits.
  @inline(__always)
  public static func headerSeptets(_ headerOctets: Int) -> Int { (headerOctets * 8 + 6) / 7 }

  /// Packs septets into octets, starting at bit 0 of the stream's first
  /// octet (a header occupies the stream's start as whole septets).
  public struct Packer {
    private var pending: UInt16 = 0
    private var pendingBits = 0

    /// An empty stream.
    public init() {}

    /// Adds one septet, appending each octet it completes to `octets`.
    @inline(__always)
    public mutating func add(_ septet: UInt8, to octets: inout [UInt8]) {
      pending |= UInt16(septet & 0x7F) << UInt16(pendingBits)
      pendingBits += 7
      if pendingBits >= 8 {
        octets.append(UInt8(truncatingIfNeeded: pending))
        pending >>= 8
        pendingBits -= 8
      }
    }

    /// Adds a character's septets (two for the extension table): how many,
    /// or 0, adding nothing, when the GSM alphabet has no such character.
    @discardableResult
    public mutating func add(character scalar: Unicode.Scalar, to octets: inout [UInt8]) -> Int {
      guard let (first, second) = GSMAlphabet.septets(for: scalar) else { return 0 }
      add(first, to: &octets)
      guard let second else { return 1 }
      add(second, to: &octets)
      return 2
    }

    /// Adds `count` zero bits (a header's fill, as whole bits).
    public mutating func skip(bits count: Int, to octets: inout [UInt8]) {
      pendingBits += count
      while pendingBits >= 8 {
        octets.append(UInt8(truncatingIfNeeded: pending))
        pending >>= 8
        pendingBits -= 8
      }
    }

    /// Appends the last, partly filled octet, if any.
    public mutating func finish(to octets: inout [UInt8]) {
      if pendingBits > 0 { octets.append(UInt8(truncatingIfNeeded: pending)) }
      pending = 0
      pendingBits = 0
    }
  }
}
