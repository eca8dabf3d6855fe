import CharacterLCD
import PNGImage
import TestSupport
import Testing

/// Pictures of frames through the whole path — renderer, PNG encoder, the
/// tests' own decoder — checked dot by dot for a few glyphs.
@Suite("LCD screenshots")
struct LCDScreenshotTests {
  /// Decodes the PNG of `frame` and checks the dots of one cell.
  static func check(
    _ frame: LCDFrame, options: PictureOptions = PictureOptions(), row: Int, column: Int,
    art: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let picture = PixelRenderer.render(frame, options: options)
    let png = try PNGEncoder.encode(
      width: picture.width, height: picture.height, rgb: picture.pixels)
    let decoded = try PNGDecoder.decode(png)
    let layout = PictureLayout(geometry: frame.geometry, scale: options.scale)
    #expect(decoded.width == layout.width && decoded.height == layout.height)
    #expect(decoded.rgb == picture.pixels, sourceLocation: sourceLocation)
    let shades = options.palette.shades(backlight: frame.backlight)
    func hex(_ color: RGBColor) -> UInt32 {
      UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
    let expected = DotArt.rows(art)
    for dotRow in 0..<8 {
      for dotColumn in 0..<5 {
        let origin = layout.dotOrigin(
          row: row, column: column, dotRow: dotRow, dotColumn: dotColumn)
        let lit = expected[dotRow] >> UInt8(4 - dotColumn) & 1 == 1
        let centre = decoded.pixel(
          x: origin.x + layout.dotSize / 2, y: origin.y + layout.dotSize / 2)
        #expect(
          centre == hex(lit ? shades.dotOn : shades.dotOff),
          "dot (\(dotRow), \(dotColumn))", sourceLocation: sourceLocation)
        // The gap beside each dot is glass.
        #expect(
          decoded.pixel(x: origin.x + layout.dotSize, y: origin.y) == hex(shades.glass),
          sourceLocation: sourceLocation)
      }
    }
  }

  static func frame(rom: CharacterROM, _ cells: [(Int, Int, UInt8)]) -> LCDFrame {
    var frame = LCDFrame(geometry: .lcd16x2, rom: rom)
    for (row, column, code) in cells { frame[row, column] = code }
    return frame
  }

  @Test("'A' on A00")
  func letterA() throws {
    try Self.check(
      Self.frame(rom: .a00, [(0, 0, 0x41)]), row: 0, column: 0,
      art: [".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "....."])
  }

  @Test("0x5C is ¥ on A00 and a backslash on A02")
  func yenAndBackslash() throws {
    try Self.check(
      Self.frame(rom: .a00, [(1, 7, 0x5C)]), row: 1, column: 7,
      art: ["#...#", ".#.#.", "#####", "..#..", "#####", "..#..", "..#..", "....."])
    try Self.check(
      Self.frame(rom: .a02, [(1, 7, 0x5C)]), row: 1, column: 7,
      art: [".....", ".....", "#....", ".#...", "..#..", "...#.", "....#", "....."])
  }

  @Test("A CGRAM glyph: the envelope in slot 5")
  func cgramGlyph() throws {
    var frame = Self.frame(rom: .a00, [(0, 15, 5)])
    frame.setGlyph(GlyphLibrary.envelope, slot: 5)
    try Self.check(
      frame, options: PictureOptions(palette: .blueWhite, scale: 1), row: 0, column: 15,
      art: [".....", "#####", "##.##", "#.#.#", "#...#", "#...#", "#####", "....."])
  }

  @Test("The underline cursor under 'g'")
  func underline() throws {
    var frame = Self.frame(rom: .a00, [(1, 3, 0x67)])
    frame.cursor = CursorPosition(row: 1, column: 3)
    frame.cursorStyle = .underline
    try Self.check(
      frame, options: PictureOptions(scale: 3), row: 1, column: 3,
      art: [".....", ".####", "#...#", "#...#", ".####", "....#", ".###.", "#####"])
  }

  @Test("The blink block, and the character in the other phase", arguments: BlinkPhase.allCases)
  func blink(phase: BlinkPhase) throws {
    var frame = Self.frame(rom: .a00, [(0, 2, 0x41)])
    frame.cursor = CursorPosition(row: 0, column: 2)
    frame.cursorStyle = .blink
    let art =
      phase == .block
      ? [String](repeating: "#####", count: 8)
      : [".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "....."]
    try Self.check(
      frame, options: PictureOptions(blinkPhase: phase), row: 0, column: 2, art: art)
  }

  @Test("Backlight off: the palette's dark shades", arguments: LCDPalette.all)
  func backlightOff(palette: LCDPalette) throws {
    var frame = Self.frame(rom: .a02, [(0, 0, 0x41)])
    frame.backlight = false
    try Self.check(
      frame, options: PictureOptions(palette: palette), row: 0, column: 0,
      art: [".....", "..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"])
  }
}
