import CharacterLCD
import TestSupport
import Testing

@Suite("LCD frame")
struct LCDFrameTests {
  @Test("A new frame is all spaces with an empty CGRAM", arguments: LCDGeometry.supported)
  func blank(geometry: LCDGeometry) {
    let frame = LCDFrame(geometry: geometry, rom: .a00)
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        #expect(frame[row, column] == 0x20)
        #expect(frame.character(row: row, column: column) == " ")
      }
    }
    for slot in 0..<8 {
      #expect(frame.slotCharacter(slot) == nil)
      for row in 0..<8 { #expect(frame.glyphRow(slot: slot, row: row) == 0) }
    }
    #expect(frame.cursor == nil && frame.cursorStyle == .off && frame.backlight)
  }

  @Test("Cells are addressed by row and column without overlap", arguments: LCDGeometry.supported)
  func cells(geometry: LCDGeometry) {
    var frame = LCDFrame(geometry: geometry, rom: .a02)
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        frame[row, column] = UInt8(row * geometry.columns + column)
      }
    }
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        #expect(frame[row, column] == UInt8(row * geometry.columns + column))
      }
    }
  }

  @Test("Glyphs go into their slot only, and slot numbers alias modulo 8")
  func glyphs() {
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
    frame.setGlyph(GlyphLibrary.newline, slot: 3)
    for row in 0..<8 {
      #expect(frame.glyphRow(slot: 3, row: row) == GlyphLibrary.newline.rows[row])
      #expect(frame.glyphRow(slot: 11, row: row) == GlyphLibrary.newline.rows[row])
      #expect(frame.glyphRow(slot: 2, row: row) == 0)
      #expect(frame.glyphRow(slot: 4, row: row) == 0)
    }
    #expect(frame.slotCharacter(3) == "↲")
    frame[0, 0] = 3
    frame[0, 1] = 11
    #expect(frame.character(row: 0, column: 0) == "↲")
    #expect(frame.character(row: 0, column: 1) == "↲")
  }

  @Test("setGlyphRow keeps five bits and leaves the character unless given")
  func glyphRow() {
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
    frame.setGlyphRow(slot: 1, row: 7, bits: 0xFF, character: nil)
    #expect(frame.glyphRow(slot: 1, row: 7) == 0x1F)
    #expect(frame.slotCharacter(1) == nil)
    frame.setGlyphRow(slot: 1, row: 0, bits: 0x0A, character: "x")
    #expect(frame.slotCharacter(1) == "x")
    #expect(frame.glyphRow(slot: 1, row: 0) == 0x0A)
  }

  @Test("Frames differ when anything the glass shows differs, and only then")
  func equality() throws {
    let base = LCDFrame(geometry: .lcd16x2, rom: .a00)
    #expect(base == LCDFrame(geometry: .lcd16x2, rom: .a00))
    var other = base
    other[1, 15] = 0x21
    #expect(other != base)
    other = base
    other.setGlyphRow(slot: 7, row: 7, bits: 1, character: nil)
    #expect(other == base, "a glyph no cell shows cannot be seen")
    other[0, 3] = 7
    var shown = base
    shown[0, 3] = 7
    #expect(other != shown, "a shown glyph's pixels count")
    other = base
    other.cursor = CursorPosition(row: 0, column: 0)
    #expect(other == base, "a cursor whose style is off cannot be seen")
    other.cursorStyle = .underline
    #expect(other != base)
    var blinking = other
    blinking.cursorStyle = .blink
    #expect(blinking != other)
    other = base
    other.cursorStyle = .underline
    #expect(other == base, "a style without a cursor cannot be seen")
    other = base
    other.backlight = false
    #expect(other != base)
    #expect(base != LCDFrame(geometry: .lcd16x2, rom: .a02))
    let wide = try #require(LCDGeometry(columns: 20, rows: 2))
    #expect(base != LCDFrame(geometry: wide, rom: .a00))
  }
}

@Test("the first differing cell is found from any start, as a cell-by-cell scan finds it")
func lcdFrame_firstDifferentCellAgreesWithAScan() {
  var random = SplitMix64(seed: 0xD1FF)
  for geometry in LCDGeometry.supported {
    let cells = geometry.cellCount
    let columns = geometry.columns
    for _ in 0..<200 {
      var left = LCDFrame(geometry: geometry, rom: .a00)
      var right = left
      for _ in 0..<Int(random.next() % 4) {
        let cell = Int(random.next() % UInt64(cells))
        right[cell / columns, cell % columns] = UInt8(0x21 + random.next() % 90)
      }
      let start = Int(random.next() % UInt64(cells + 1))
      var scanned: Int?
      for cell in start..<cells where scanned == nil {
        let row = cell / columns
        let column = cell % columns
        if left[row, column] != right[row, column] { scanned = cell }
      }
      #expect(LCDFrame.firstDifferentCell(&left, &right, from: start) == scanned)
    }
  }
}
