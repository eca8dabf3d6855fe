import CZlib

/// Encodes RGB pixels as a PNG file (8 bits per channel, no alpha, not
/// interlaced): the signature, `IHDR`, one `IDAT` compressed with zlib's
/// `compress2`, `IEND`, each chunk with zlib's `crc32`.
///
/// It returns the bytes; the executable writes the file.
public enum PNGEncoder {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The PNG of a `width` x `height` picture whose `rgb` holds 3 bytes per
  /// pixel, rows top first. `filter` filters every row the same way; nil
  /// picks, row by row, the filter whose output has the smallest sum of
  /// absolute values (the heuristic the PNG specification suggests).
  public static func encode(
    width: Int, height: Int, rgb: [UInt8], filter: PNGFilter? = nil
  ) throws(PNGError) -> [UInt8] {
    let pixels = width.multipliedReportingOverflow(by: height)
    let bytes = pixels.partialValue.multipliedReportingOverflow(by: 3)
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
      !pixels.overflow, !bytes.overflow, bytes.partialValue == rgb.count
    else { throw .invalidSize(width: width, height: height, bytes: rgb.count) }
    var header: [UInt8] = []
    append32(UInt32(width), to: &header)
    append32(UInt32(height), to: &header)
    header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, filter method 0, no interlace
    var png = signature
    appendChunk("IHDR", header, to: &png)
    let rows = filtered(width: width, height: height, rgb: rgb, filter: filter)
    appendChunk("IDAT", try compress(rows), to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// Each row prefixed with its filter type, filtered.
  static func filtered(width: Int, height: Int, rgb: [UInt8], filter: PNGFilter?) -> [UInt8] {
    let stride = width * 3
    var output: [UInt8] = []
    output.reserveCapacity(height * (stride + 1))
    var candidate: [UInt8] = []
    candidate.reserveCapacity(stride)
    for row in 0..<height {
      let line = rgb[row * stride..<(row + 1) * stride]
      let previous = row > 0 ? rgb[(row - 1) * stride..<row * stride] : nil
      if let filter {
        output.append(filter.rawValue)
        filter.apply(row: line, previous: previous, bytesPerPixel: 3, into: &output)
        continue
      }
      var best = PNGFilter.none
      var bestCost = Int.max
      for option in PNGFilter.allCases {
        candidate.removeAll(keepingCapacity: true)
        option.apply(row: line, previous: previous, bytesPerPixel: 3, into: &candidate)
        var cost = 0
        for byte in candidate { cost += Int(byte < 128 ? byte : 255 - byte + 1) }
        if cost < bestCost {
          bestCost = cost
          best = option
        }
      }
      output.append(best.rawValue)
      best.apply(row: line, previous: previous, bytesPerPixel: 3, into: &output)
    }
    return output
  }

  private static func compress(_ data: [UInt8]) throws(PNGError) -> [UInt8] {
    var capacity = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &capacity, source.baseAddress, uLong(source.count), 9)
      }
    }
    guard status == Z_OK else { throw .compression(status: status) }
    output.removeSubrange(Int(capacity)...)
    return output
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    append32(UInt32(data.count), to: &png)
    let typed = Array(type.utf8) + data
    png += typed
    let crc = typed.withUnsafeBufferPointer { buffer in
      crc32(0, buffer.baseAddress, uInt(buffer.count))
    }
    append32(UInt32(truncatingIfNeeded: crc), to: &png)
  }

  private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }
}
