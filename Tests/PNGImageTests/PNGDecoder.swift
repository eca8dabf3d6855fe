import CZlib

/// A PNG reader for the tests, written apart from the encoder: it checks the
/// signature and every chunk's CRC, reads IHDR (8-bit RGB, not interlaced,
/// only), inflates the IDAT chunks with zlib's `uncompress` and undoes the
/// five scanline filters.
struct PNGDecoder {
  /// A decoded picture.
  struct Picture: Equatable {
    var width: Int
    var height: Int
    var rgb: [UInt8]
    /// The filter type byte each row was stored with.
    var filters: [UInt8]

    /// The pixel at (x, y) as 0xRRGGBB.
    func pixel(x: Int, y: Int) -> UInt32 {
      let index = (y * width + x) * 3
      return UInt32(rgb[index]) << 16 | UInt32(rgb[index + 1]) << 8 | UInt32(rgb[index + 2])
    }
  }

  /// Why a file was refused.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The chunks of a file, in order, as (type, data); throws on a bad
  /// signature, a truncated chunk or a CRC mismatch.
  static func chunks(_ bytes: [UInt8]) throws -> [(type: String, data: [UInt8])] {
    guard bytes.count >= 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else {
      throw Failure("no PNG signature")
    }
    var chunks: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset < bytes.count {
      guard offset + 12 <= bytes.count else { throw Failure("truncated chunk header") }
      let length = Int(readUInt32(bytes, at: offset))
      guard offset + 12 + length <= bytes.count else { throw Failure("truncated chunk") }
      let typeAndData = Array(bytes[offset + 4..<offset + 8 + length])
      let stored = readUInt32(bytes, at: offset + 8 + length)
      let computed = typeAndData.withUnsafeBufferPointer {
        UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
      }
      let type = String(decoding: typeAndData[0..<4], as: UTF8.self)
      guard stored == computed else { throw Failure("CRC mismatch in \(type)") }
      chunks.append((type, Array(typeAndData[4...])))
      offset += 12 + length
    }
    return chunks
  }

  /// Decodes an 8-bit RGB PNG.
  static func decode(_ bytes: [UInt8]) throws -> Picture {
    let chunks = try chunks(bytes)
    guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
      throw Failure("IHDR is not the first chunk")
    }
    guard chunks.last?.type == "IEND" else { throw Failure("no IEND at the end") }
    let width = Int(readUInt32(header.data, at: 0))
    let height = Int(readUInt32(header.data, at: 4))
    guard Array(header.data[8...]) == [8, 2, 0, 0, 0] else {
      throw Failure("not 8-bit RGB, deflate, filter 0, no interlace: \(Array(header.data[8...]))")
    }
    var compressed: [UInt8] = []
    for chunk in chunks where chunk.type == "IDAT" { compressed += chunk.data }
    let stride = width * 3
    var inflatedSize = uLong(height * (stride + 1))
    var raw = [UInt8](repeating: 0, count: Int(inflatedSize))
    let status = raw.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &inflatedSize, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK, Int(inflatedSize) == raw.count else {
      throw Failure("uncompress: status \(status), \(inflatedSize) of \(raw.count) bytes")
    }
    var rgb = [UInt8](repeating: 0, count: height * stride)
    var filters: [UInt8] = []
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      filters.append(filter)
      for column in 0..<stride {
        let x = raw[row * (stride + 1) + 1 + column]
        let a = column >= 3 ? rgb[row * stride + column - 3] : 0
        let b = row > 0 ? rgb[(row - 1) * stride + column] : 0
        let c = row > 0 && column >= 3 ? rgb[(row - 1) * stride + column - 3] : 0
        let predicted: UInt8
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = UInt8((UInt16(a) + UInt16(b)) >> 1)
        case 4: predicted = paeth(a, b, c)
        default: throw Failure("row \(row): unknown filter type \(filter)")
        }
        rgb[row * stride + column] = x &+ predicted
      }
    }
    return Picture(width: width, height: height, rgb: rgb, filters: filters)
  }

  private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a))
    let pb = abs(p - Int(b))
    let pc = abs(p - Int(c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }
}
