/// A 64-bit hash of a word, case-insensitive, that identifies it in the
/// learning store (FNV-1a over lower-cased scalars).
public struct WordHash: Sendable, Hashable {
  /// The hash value.
  public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  /// An empty word's hash.
  public init() {}

  /// Adds the next scalar of the word.
  @inline(__always)
  public mutating func add(_ scalar: Unicode.Scalar) {
    var code = scalar.value
    if code >= 0x41 && code <= 0x5A { code += 32 }
    if code >= 0x80 { code = WordHash.lowercased(scalar).value }
    for shift in stride(from: 0, to: 32, by: 8) {
      value ^= UInt64((code >> UInt32(shift)) & 0xFF)
      value = value &* 0x100_0000_01B3
    }
  }

  private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }

  /// The hash of a whole string.
  public static func of(_ text: String) -> UInt64 {
    var hash = WordHash()
    for scalar in text.unicodeScalars { hash.add(scalar) }
    return hash.value
  }
}
