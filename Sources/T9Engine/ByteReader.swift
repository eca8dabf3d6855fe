/// Little-endian reads and writes on byte arrays, bounds-checked by the
/// caller's validation.
enum ByteReader {
  @inline(__always)
  static func u16(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  @inline(__always)
  static func u24(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
  }

  @inline(__always)
  static func u32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
      | Int(bytes[offset + 3]) << 24
  }

  @inline(__always)
  static func u64(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }

  static func put16(_ value: Int, into bytes: inout [UInt8], at offset: Int) {
    bytes[offset] = UInt8(truncatingIfNeeded: value)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
  }

  static func put24(_ value: Int, into bytes: inout [UInt8], at offset: Int) {
    for index in 0..<3 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  static func put32(_ value: Int, into bytes: inout [UInt8], at offset: Int) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  static func put64(_ value: UInt64, into bytes: inout [UInt8], at offset: Int) {
    for index in 0..<8 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
    }
  }
}
