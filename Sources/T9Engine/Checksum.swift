/// A fast 64-bit checksum over bytes, eight at a time.
///
/// Each step is a bijection of the state for a given input word, so changing
/// any single byte always changes the result: every one-byte corruption of a
/// file is detected. Not cryptographic.
public struct Checksum: Sendable {
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  private var pending: UInt64 = 0
  private var pendingCount = 0
  private var length: UInt64 = 0

  /// A fresh checksum.
  public init() {}

  /// The checksum of a file that stores its own checksum in the 8 bytes at
  /// `offset`: every byte, those 8 read as zero.
  public static func ofFile(_ bytes: UnsafeRawBufferPointer, fieldAt offset: Int) -> UInt64 {
    var checksum = Checksum()
    checksum.update(UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
    checksum.update([UInt8](repeating: 0, count: 8))
    checksum.update(UnsafeRawBufferPointer(rebasing: bytes[(offset + 8)...]))
    return checksum.value
  }

  /// Adds bytes.
  public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    for byte in bytes { add(byte) }
  }

  /// Adds bytes from a buffer, quickly.
  public mutating func update(_ buffer: UnsafeRawBufferPointer) {
    var index = 0
    let count = buffer.count
    while pendingCount != 0 && index < count {
      add(buffer[index])
      index += 1
    }
    while index + 8 <= count {
      mix(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
      length &+= 8
      index += 8
    }
    while index < count {
      add(buffer[index])
      index += 1
    }
  }

  @inline(__always)
  private mutating func add(_ byte: UInt8) {
    pending |= UInt64(byte) << (8 * UInt64(pendingCount))
    pendingCount += 1
    length &+= 1
    if pendingCount == 8 {
      mix(pending)
      pending = 0
      pendingCount = 0
    }
  }

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    state = ((state << 23) | (state >> 41)) ^ word
    state = state &* 0x9FB2_1C65_1E98_DF25
  }

  /// The checksum of everything added.
  public var value: UInt64 {
    var copy = self
    if copy.pendingCount != 0 { copy.mix(copy.pending | (1 << 63)) }
    copy.mix(length)
    var result = copy.state
    result ^= result >> 31
    result = result &* 0xBF58_476D_1CE4_E5B9
    result ^= result >> 29
    return result
  }

  /// The checksum of a byte collection.
  public static func of<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var checksum = Checksum()
    checksum.update(bytes)
    return checksum.value
  }
}
