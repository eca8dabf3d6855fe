/// A colour of the picture, 8 bits per channel.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
  /// Red.
  public var red: UInt8
  /// Green.
  public var green: UInt8
  /// Blue.
  public var blue: UInt8

  /// A colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
      blue: UInt8(truncatingIfNeeded: hex))
  }

  /// `#rrggbb`, for messages.
  public var description: String {
    let digits: [Character] = [
      "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f",
    ]
    var text = "#"
    for channel in [red, green, blue] {
      text.append(digits[Int(channel >> 4)])
      text.append(digits[Int(channel & 0xF)])
    }
    return text
  }
}
