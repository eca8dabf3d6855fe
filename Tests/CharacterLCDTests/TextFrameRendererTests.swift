import CharacterLCD
import Testing

@Suite("Text frame renderer")
struct TextFrameRendererTests {
  @Test("Rows show the ROM's characters, full width")
  func rows() throws {
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    var frame = LCDFrame(geometry: geometry, rom: .a00)
    for (column, byte) in "C:\\>".utf8.enumerated() { frame[2, column] = byte }
    frame[3, 19] = 0x7E
    frame[0, 0] = 0xB1
    let rows = TextFrameRenderer.rows(of: frame)
    #expect(rows.count == 4)
    #expect(rows.allSatisfy { $0.unicodeScalars.count == 20 })
    #expect(rows[0] == "ｱ" + String(repeating: " ", count: 19))
    #expect(rows[1] == String(repeating: " ", count: 20))
    #expect(rows[2] == "C:¥>" + String(repeating: " ", count: 16))  // A00 has no backslash
    #expect(rows[3] == String(repeating: " ", count: 19) + "→")
    #expect(TextFrameRenderer.row(row: 2, of: frame) == rows[2])
  }

  @Test("Custom glyph cells render as the character they stand for, aliases too")
  func customGlyphs() {
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
    frame.setGlyph(GlyphLibrary.euro, slot: 2)
    frame.setGlyph(GlyphLibrary.envelope, slot: 5)
    frame[0, 0] = 2
    frame[0, 1] = 5
    frame[0, 2] = 0x0A  // aliases slot 2
    frame[0, 3] = 0x06  // slot never uploaded
    frame[0, 4] = 0x12  // nothing on A00
    #expect(TextFrameRenderer.row(row: 0, of: frame) == "€✉€  " + String(repeating: " ", count: 11))
  }

  @Test("The same codes read differently on the two ROMs")
  func romMatters() {
    var a00 = LCDFrame(geometry: .lcd16x2, rom: .a00)
    var a02 = LCDFrame(geometry: .lcd16x2, rom: .a02)
    let codes: [UInt8] = [0x5C, 0x7E, 0xF5, 0xFC, 0x82, 0x18]
    for (column, code) in codes.enumerated() {
      a00[1, column] = code
      a02[1, column] = code
    }
    #expect(TextFrameRenderer.row(row: 1, of: a00).hasPrefix("¥→ü円  "))
    #expect(TextFrameRenderer.row(row: 1, of: a02).hasPrefix("\\~õüЖ↑"))
  }

  @Test("The boxed form frames every row with bars, one per line")
  func boxed() {
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a02)
    for (column, byte) in "Menu".utf8.enumerated() { frame[0, column] = byte }
    frame.setGlyph(GlyphLibrary.downArrow, slot: 0)
    frame[1, 15] = 0
    #expect(
      TextFrameRenderer.boxed(frame) == "|Menu            |\n|               ↓|")
  }
}
