/// A picture of the LCD: RGB pixels, 3 bytes each, row by row from the top
/// left, with no padding. What a PNG encoder takes.
public struct LCDPicture: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The pixels: red, green, blue for each, rows top first.
  public private(set) var pixels: [UInt8]

  /// A picture of one colour.
  public init(width: Int, height: Int, color: RGBColor) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 3)
    fill(x: 0, y: 0, width: width, height: height, color: color)
  }

  /// The colour of a pixel.
  public subscript(x: Int, y: Int) -> RGBColor {
    let index = (y * width + x) * 3
    return RGBColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
  }

  /// Paints a rectangle, clipped to the picture.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBColor) {
    let left = Swift.max(x, 0)
    let right = Swift.min(x + width, self.width)
    let top = Swift.max(y, 0)
    let bottom = Swift.min(y + height, self.height)
    guard left < right, top < bottom else { return }
    for line in top..<bottom {
      var index = (line * self.width + left) * 3
      for _ in left..<right {
        pixels[index] = color.red
        pixels[index + 1] = color.green
        pixels[index + 2] = color.blue
        index += 3
      }
    }
  }
}
