/// Draws a frame as a person sees the module: the bezel, the glass, and each
/// cell's 5x8 dots — the ROM's pattern or the CGRAM glyph, the cursor over
/// it — with the dots that are off faintly visible and gaps between dots and
/// between cells. The backlight picks the palette's shades.
///
/// Pure: it returns the pixels; an encoder turns them into a file.
public enum PixelRenderer {
  /// The picture of `frame`.
  public static func render(_ frame: LCDFrame, options: PictureOptions = PictureOptions())
    -> LCDPicture
  {
    let layout = PictureLayout(geometry: frame.geometry, scale: options.scale)
    let shades = options.palette.shades(backlight: frame.backlight)
    var picture = LCDPicture(
      width: layout.width, height: layout.height, color: options.palette.bezel)
    picture.fill(
      x: layout.bezel, y: layout.bezel, width: layout.width - 2 * layout.bezel,
      height: layout.height - 2 * layout.bezel, color: shades.glass)
    for row in 0..<frame.geometry.rows {
      for column in 0..<frame.geometry.columns {
        let pattern = dots(row: row, column: column, of: frame, blinkPhase: options.blinkPhase)
        for dotRow in 0..<8 {
          for dotColumn in 0..<5 {
            let origin = layout.dotOrigin(
              row: row, column: column, dotRow: dotRow, dotColumn: dotColumn)
            let lit = pattern.isLit(row: dotRow, column: dotColumn)
            picture.fill(
              x: origin.x, y: origin.y, width: layout.dotSize, height: layout.dotSize,
              color: lit ? shades.dotOn : shades.dotOff)
          }
        }
      }
    }
    return picture
  }

  /// The dots a cell shows: a CGRAM glyph for codes 0x00–0x0F (0x08–0x0F
  /// alias 0x00–0x07), the ROM's pattern otherwise, and the cursor over it —
  /// the underline ORed into the eighth row, the blink block replacing the
  /// cell in its `.block` phase.
  public static func dots(
    row: Int, column: Int, of frame: LCDFrame, blinkPhase: BlinkPhase = .block
  ) -> DotPattern {
    let code = frame[row, column]
    var pattern: DotPattern
    if let rom = frame.rom.dots(for: code) {
      pattern = rom
    } else {
      var rows = InlineArray<8, UInt8>(repeating: 0)
      for line in 0..<8 { rows[line] = frame.glyphRow(slot: Int(code & 7), row: line) }
      pattern = DotPattern(rows: rows)
    }
    guard frame.cursor == CursorPosition(row: row, column: column) else { return pattern }
    switch frame.cursorStyle {
    case .off: break
    case .underline: pattern = pattern.union(.underline)
    case .blink: if blinkPhase == .block { pattern = .full }
    }
    return pattern
  }
}
