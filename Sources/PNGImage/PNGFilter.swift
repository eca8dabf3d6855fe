/// A PNG scanline filter (filter method 0): how each row's bytes are
/// predicted from the pixel to the left and the row above before zlib
/// compresses them.
public enum PNGFilter: UInt8, Sendable, Hashable, CaseIterable {
  /// The bytes as they are.
  case none = 0
  /// Minus the byte one pixel to the left.
  case sub = 1
  /// Minus the byte above.
  case up = 2
  /// Minus the mean of left and above.
  case average = 3
  /// Minus the Paeth predictor of left, above and upper left.
  case paeth = 4

  /// The Paeth predictor: whichever of left, above and upper left is closest
  /// to `left + above - upperLeft`, in that order on ties.
  public static func paethPredictor(left: UInt8, above: UInt8, upperLeft: UInt8) -> UInt8 {
    let estimate = Int(left) + Int(above) - Int(upperLeft)
    let toLeft = abs(estimate - Int(left))
    let toAbove = abs(estimate - Int(above))
    let toUpperLeft = abs(estimate - Int(upperLeft))
    if toLeft <= toAbove && toLeft <= toUpperLeft { return left }
    if toAbove <= toUpperLeft { return above }
    return upperLeft
  }

  /// Filters one row of `bytesPerPixel`-byte pixels into `output` (which
  /// gets `row.count` bytes appended); `previous` is the row above, all
  /// zeros for the first.
  public func apply(
    row: ArraySlice<UInt8>, previous: ArraySlice<UInt8>?, bytesPerPixel: Int,
    into output: inout [UInt8]
  ) {
    let start = row.startIndex
    let aboveStart = previous?.startIndex ?? 0
    for offset in 0..<row.count {
      let byte = row[start + offset]
      let left = offset >= bytesPerPixel ? row[start + offset - bytesPerPixel] : 0
      let above = previous.map { $0[aboveStart + offset] } ?? 0
      let upperLeft =
        offset >= bytesPerPixel ? previous.map { $0[aboveStart + offset - bytesPerPixel] } ?? 0 : 0
      let prediction: UInt8
      switch self {
      case .none: prediction = 0
      case .sub: prediction = left
      case .up: prediction = above
      case .average: prediction = UInt8((Int(left) + Int(above)) / 2)
      case .paeth:
        prediction = PNGFilter.paethPredictor(left: left, above: above, upperLeft: upperLeft)
      }
      output.append(byte &- prediction)
    }
  }
}
