import CharacterLCD
import TestSupport
import Testing

@Suite("Pixel renderer")
struct PixelRendererTests {
  /// The colour each dot of a cell is drawn in, checked at every pixel of
  /// the dot, and the glass in the gap to the right of and below each dot.
  static func check(
    _ picture: LCDPicture, layout: PictureLayout, row: Int, column: Int, expected: DotPattern,
    shades: LCDShades, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for dotRow in 0..<8 {
      for dotColumn in 0..<5 {
        let origin = layout.dotOrigin(
          row: row, column: column, dotRow: dotRow, dotColumn: dotColumn)
        let want = expected.isLit(row: dotRow, column: dotColumn) ? shades.dotOn : shades.dotOff
        for dy in 0..<layout.dotSize {
          for dx in 0..<layout.dotSize {
            let got = picture[origin.x + dx, origin.y + dy]
            guard got == want else {
              Issue.record(
                "cell (\(row), \(column)) dot (\(dotRow), \(dotColumn)) is \(got), not \(want)",
                sourceLocation: sourceLocation)
              return
            }
          }
        }
        let gapX = origin.x + layout.dotSize
        let gapY = origin.y + layout.dotSize
        #expect(picture[gapX, origin.y] == shades.glass, sourceLocation: sourceLocation)
        #expect(picture[origin.x, gapY] == shades.glass, sourceLocation: sourceLocation)
      }
    }
  }

  static func frame(_ text: String, rom: CharacterROM = .a00) -> LCDFrame {
    var frame = LCDFrame(geometry: .lcd16x2, rom: rom)
    for (index, scalar) in text.unicodeScalars.enumerated() {
      frame[index / 16, index % 16] = rom.code(for: scalar) ?? 0x20
    }
    return frame
  }

  static let letterA = DotPattern(
    packed: DotArt.packed([
      ".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#", ".....",
    ]))

  @Test("The picture has the layout's size, the bezel outside and the glass inside")
  func size() {
    let options = PictureOptions(palette: .yellowGreen, scale: 3)
    let picture = PixelRenderer.render(Self.frame(""), options: options)
    let layout = PictureLayout(geometry: .lcd16x2, scale: 3)
    #expect(picture.width == layout.width && picture.height == layout.height)
    #expect(picture.pixels.count == layout.width * layout.height * 3)
    #expect(picture[0, 0] == LCDPalette.yellowGreen.bezel)
    #expect(picture[layout.width - 1, layout.height - 1] == LCDPalette.yellowGreen.bezel)
    #expect(picture[layout.bezel, layout.bezel] == LCDPalette.yellowGreen.backlightOn.glass)
  }

  @Test("'A' is drawn dot for dot, the dots that are off in their own shade", arguments: [1, 2])
  func letter(scale: Int) {
    let options = PictureOptions(scale: scale)
    let picture = PixelRenderer.render(Self.frame("A"), options: options)
    Self.check(
      picture, layout: PictureLayout(geometry: .lcd16x2, scale: scale), row: 0, column: 0,
      expected: Self.letterA, shades: LCDPalette.yellowGreen.backlightOn)
    Self.check(
      picture, layout: PictureLayout(geometry: .lcd16x2, scale: scale), row: 0, column: 1,
      expected: .blank, shades: LCDPalette.yellowGreen.backlightOn)
  }

  @Test("Code 0x5C is ¥ on A00 and a backslash on A02")
  func romsDiffer() throws {
    let layout = PictureLayout(geometry: .lcd16x2, scale: 2)
    var a00 = LCDFrame(geometry: .lcd16x2, rom: .a00)
    a00[1, 15] = 0x5C
    var a02 = LCDFrame(geometry: .lcd16x2, rom: .a02)
    a02[1, 15] = 0x5C
    let shades = LCDPalette.yellowGreen.backlightOn
    Self.check(
      PixelRenderer.render(a00), layout: layout, row: 1, column: 15,
      expected: try #require(CharacterROM.a00.dots(for: 0x5C)), shades: shades)
    Self.check(
      PixelRenderer.render(a02), layout: layout, row: 1, column: 15,
      expected: DotPattern(
        packed: DotArt.packed([
          ".....", ".....", "#....", ".#...", "..#..", "...#.", "....#", ".....",
        ])), shades: shades)
  }

  @Test("A CGRAM code shows its slot's glyph, 0x08–0x0F aliasing 0x00–0x07")
  func cgram() {
    var frame = Self.frame("")
    frame.setGlyph(GlyphLibrary.euro, slot: 3)
    frame[0, 0] = 3
    frame[0, 1] = 11
    var rows = InlineArray<8, UInt8>(repeating: 0)
    for row in 0..<8 { rows[row] = GlyphLibrary.euro.rows[row] }
    let layout = PictureLayout(geometry: .lcd16x2, scale: 2)
    let picture = PixelRenderer.render(frame)
    for column in 0..<2 {
      Self.check(
        picture, layout: layout, row: 0, column: column, expected: DotPattern(rows: rows),
        shades: LCDPalette.yellowGreen.backlightOn)
    }
  }

  @Test("The underline cursor lights the eighth row under the character")
  func underlineCursor() {
    var frame = Self.frame("A")
    frame.cursor = CursorPosition(row: 0, column: 0)
    frame.cursorStyle = .underline
    Self.check(
      PixelRenderer.render(frame), layout: PictureLayout(geometry: .lcd16x2, scale: 2), row: 0,
      column: 0, expected: Self.letterA.union(.underline),
      shades: LCDPalette.yellowGreen.backlightOn)
  }

  @Test("The blink cursor is a full block in one phase and the character in the other")
  func blinkCursor() {
    var frame = Self.frame("A")
    frame.cursor = CursorPosition(row: 0, column: 0)
    frame.cursorStyle = .blink
    let layout = PictureLayout(geometry: .lcd16x2, scale: 1)
    let shades = LCDPalette.blueWhite.backlightOn
    Self.check(
      PixelRenderer.render(frame, options: PictureOptions(palette: .blueWhite, scale: 1)),
      layout: layout, row: 0, column: 0, expected: .full, shades: shades)
    Self.check(
      PixelRenderer.render(
        frame, options: PictureOptions(palette: .blueWhite, scale: 1, blinkPhase: .character)),
      layout: layout, row: 0, column: 0, expected: Self.letterA, shades: shades)
  }

  @Test("With the backlight off the palette's dark shades are used", arguments: LCDPalette.all)
  func backlightOff(palette: LCDPalette) {
    var frame = Self.frame("A")
    frame.backlight = false
    let layout = PictureLayout(geometry: .lcd16x2, scale: 2)
    let picture = PixelRenderer.render(frame, options: PictureOptions(palette: palette))
    Self.check(
      picture, layout: layout, row: 0, column: 0, expected: Self.letterA,
      shades: palette.backlightOff)
    #expect(picture[layout.bezel, layout.bezel] == palette.backlightOff.glass)
  }

  @Test(
    "Every geometry renders with every cell where the layout puts it",
    arguments: LCDGeometry.supported)
  func geometries(geometry: LCDGeometry) {
    var frame = LCDFrame(geometry: geometry, rom: .a00)
    frame[geometry.rows - 1, geometry.columns - 1] = 0x41
    let picture = PixelRenderer.render(frame, options: PictureOptions(scale: 1))
    Self.check(
      picture, layout: PictureLayout(geometry: geometry, scale: 1), row: geometry.rows - 1,
      column: geometry.columns - 1, expected: Self.letterA,
      shades: LCDPalette.yellowGreen.backlightOn)
  }
}
