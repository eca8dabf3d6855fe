import PNGImage
import TestSupport
import Testing

@Suite("PNG encoder")
struct PNGEncoderTests {
  static func randomPicture(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    // Runs of one colour and noise, so every filter has something to do.
    var rgb: [UInt8] = []
    for _ in 0..<width * height {
      if random.below(3) == 0 || rgb.count < 3 {
        rgb += [UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256))]
      } else {
        rgb += rgb.suffix(3)
      }
    }
    return rgb
  }

  @Test(
    "Pictures come back pixel for pixel with each filter and with the adaptive choice",
    arguments: [(1, 1), (2, 3), (17, 5), (64, 33), (3, 100)])
  func roundTrip(width: Int, height: Int) throws {
    let rgb = Self.randomPicture(width: width, height: height, seed: UInt64(width * 1000 + height))
    for filter in [nil] + PNGFilter.allCases.map({ Optional($0) }) {
      let png = try PNGEncoder.encode(width: width, height: height, rgb: rgb, filter: filter)
      let decoded = try PNGDecoder.decode(png)
      #expect(decoded.width == width && decoded.height == height)
      #expect(decoded.rgb == rgb, "filter \(String(describing: filter))")
      if let filter {
        #expect(decoded.filters == [UInt8](repeating: filter.rawValue, count: height))
      }
    }
  }

  @Test("The file is the signature, IHDR for 8-bit RGB, IDAT and IEND")
  func structure() throws {
    let png = try PNGEncoder.encode(width: 300, height: 2, rgb: [UInt8](repeating: 7, count: 1800))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let chunks = try PNGDecoder.chunks(png)
    #expect(chunks.map { $0.type } == ["IHDR", "IDAT", "IEND"])
    #expect(chunks[0].data == [0, 0, 1, 44, 0, 0, 0, 2, 8, 2, 0, 0, 0])
    #expect(chunks[2].data.isEmpty)
    // A flat picture compresses to a few dozen bytes.
    #expect(chunks[1].data.count < 60)
  }

  @Test("The adaptive choice takes Up for a row that repeats the one above")
  func adaptive() throws {
    var row: [UInt8] = []
    for index in 0..<60 { row.append(UInt8((index * 37) % 251)) }
    let rgb = row + row + row
    let decoded = try PNGDecoder.decode(PNGEncoder.encode(width: 20, height: 3, rgb: rgb))
    #expect(decoded.filters[1] == PNGFilter.up.rawValue)
    #expect(decoded.filters[2] == PNGFilter.up.rawValue)
    #expect(decoded.rgb == rgb)
  }

  @Test("A damaged byte is caught by the chunk's CRC")
  func corruption() throws {
    var png = try PNGEncoder.encode(width: 4, height: 4, rgb: [UInt8](repeating: 200, count: 48))
    png[png.count - 20] ^= 0x01  // inside IDAT
    #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(png) }
  }

  @Test("Sizes that do not match the pixels are refused")
  func invalidSizes() {
    #expect(throws: PNGError.invalidSize(width: 2, height: 2, bytes: 11)) {
      try PNGEncoder.encode(width: 2, height: 2, rgb: [UInt8](repeating: 0, count: 11))
    }
    #expect(throws: PNGError.invalidSize(width: 0, height: 5, bytes: 0)) {
      try PNGEncoder.encode(width: 0, height: 5, rgb: [])
    }
    #expect(throws: PNGError.self) {
      try PNGEncoder.encode(width: Int.max, height: 3, rgb: [])
    }
  }
}
