/// Where everything sits in a picture of the LCD: the bezel, the glass, each
/// cell's 5x8 dots and the gaps between dots and between cells, all in whole
/// pixels at an integer scale.
///
/// At scale 1 a dot is 3x3 pixels with 1 pixel between dots, cells are 4
/// pixels apart, the glass shows 10 pixels around the cells and the bezel is
/// 6 pixels wide: a 16x2 module is 396x98 pixels. The size is known before
/// anything is drawn, so a picture allocates once.
public struct PictureLayout: Sendable, Hashable {
  /// The module's size in characters.
  public let geometry: LCDGeometry
  /// The scale factor, 1–8.
  public let scale: Int

  /// The scales a picture can have (8 keeps a 40x2 picture under 20 MB).
  public static let scales = 1...8

  /// A dot's side at scale 1.
  public static let baseDot = 3
  /// The gap between two dots of a cell at scale 1.
  public static let baseDotGap = 1
  /// The gap between two cells at scale 1.
  public static let baseCellGap = 4
  /// The glass around the cells at scale 1.
  public static let baseMargin = 10
  /// The bezel's width at scale 1.
  public static let baseBezel = 6

  /// The layout of `geometry` at `scale`, clamped to `scales`.
  public init(geometry: LCDGeometry, scale: Int) {
    self.geometry = geometry
    self.scale = Swift.min(Swift.max(scale, Self.scales.lowerBound), Self.scales.upperBound)
  }

  /// A dot's side in pixels.
  public var dotSize: Int { Self.baseDot * scale }
  /// From one dot to the next, in pixels.
  public var dotPitch: Int { (Self.baseDot + Self.baseDotGap) * scale }
  /// A cell's width in pixels: 5 dots and 4 gaps.
  public var cellWidth: Int { 5 * dotPitch - Self.baseDotGap * scale }
  /// A cell's height in pixels: 8 dots and 7 gaps.
  public var cellHeight: Int { 8 * dotPitch - Self.baseDotGap * scale }
  /// The bezel's width in pixels.
  public var bezel: Int { Self.baseBezel * scale }
  /// Where the first cell starts, from the picture's edge.
  public var inset: Int { (Self.baseBezel + Self.baseMargin) * scale }

  /// The picture's width in pixels.
  public var width: Int {
    2 * inset + geometry.columns * cellWidth + (geometry.columns - 1) * Self.baseCellGap * scale
  }

  /// The picture's height in pixels.
  public var height: Int {
    2 * inset + geometry.rows * cellHeight + (geometry.rows - 1) * Self.baseCellGap * scale
  }

  /// The top-left pixel of a cell.
  public func cellOrigin(row: Int, column: Int) -> (x: Int, y: Int) {
    let gap = Self.baseCellGap * scale
    return (inset + column * (cellWidth + gap), inset + row * (cellHeight + gap))
  }

  /// The top-left pixel of one dot (`dotRow` 0–7, `dotColumn` 0–4) of a cell.
  public func dotOrigin(row: Int, column: Int, dotRow: Int, dotColumn: Int) -> (x: Int, y: Int) {
    let cell = cellOrigin(row: row, column: column)
    return (cell.x + dotColumn * dotPitch, cell.y + dotRow * dotPitch)
  }
}
