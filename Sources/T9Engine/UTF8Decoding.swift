/// Decodes UTF-8 one scalar at a time from a buffer, refusing malformed
/// sequences instead of trapping.
enum UTF8Decoding {
  /// The scalar starting at `offset` and its byte length, or nil if the bytes
  /// up to `end` are not valid UTF-8 there.
  @inline(__always)
  static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int)
    -> (Unicode.Scalar, Int)?
  {
    let first = bytes[offset]
    if first < 0x80 { return (Unicode.Scalar(first), 1) }
    let length: Int
    var value: UInt32
    switch first {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(first & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(first & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(first & 0x07)
    default:
      return nil
    }
    guard offset + length <= end else { return nil }
    for index in 1..<length {
      let byte = bytes[offset + index]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
