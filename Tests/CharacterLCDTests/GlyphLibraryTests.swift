import CharacterLCD
import Testing

@Suite("Glyph library")
struct GlyphLibraryTests {
  @Test(
    "Characters map to their glyphs",
    arguments: [
      ("↑", "↑"), ("↓", "↓"), ("↲", "↲"), ("↵", "↲"), ("\n", "↲"), ("✉", "✉"), ("€", "€"),
      ("~", "~"),
    ] as [(Unicode.Scalar, Unicode.Scalar)])
  func lookup(character: Unicode.Scalar, glyph: Unicode.Scalar) {
    #expect(GlyphLibrary.glyph(for: character)?.character == glyph)
  }

  @Test(
    "Characters without a glyph get none", arguments: ["A", " ", "é", "李", "□"] as [Unicode.Scalar])
  func noGlyph(character: Unicode.Scalar) {
    #expect(GlyphLibrary.glyph(for: character) == nil)
  }

  @Test(
    "The library's glyphs are distinct, fewer than the composer's 32-glyph mask, the box last")
  func distinctGlyphs() {
    let all = GlyphLibrary.all
    #expect(all.count <= 32)
    #expect(Set(all.map(\.character)).count == all.count)
    #expect(Set(all).count == all.count)
    #expect(all.last?.character == "□")
    #expect(all.contains(GlyphLibrary.unknown))
  }

  @Test("Glyphs are 5 pixels wide, keep the underline row free, and are not empty")
  func bitmaps() {
    for glyph in GlyphLibrary.all {
      var lit = 0
      for row in 0..<8 {
        #expect(glyph.rows[row] <= 0x1F, "\(glyph.character)")
        lit += glyph.rows[row].nonzeroBitCount
      }
      #expect(glyph.rows[7] == 0, "\(glyph.character) draws on the cursor row")
      #expect(lit >= 5, "\(glyph.character)")
    }
  }

  @Test("Every fallback is shown by both ROMs", arguments: CharacterROM.all)
  func fallbacks(rom: CharacterROM) {
    for glyph in GlyphLibrary.all {
      #expect(rom.code(for: glyph.fallback) != nil, "\(rom) \(glyph.character)")
    }
  }

  @Test("A glyph keeps five bits per row and pads to eight rows")
  func glyphInit() {
    let glyph = Glyph("x", fallback: "x", rows: [0xFF, 0x20, 0x11])
    #expect(glyph.rows[0] == 0x1F)
    #expect(glyph.rows[1] == 0x00)
    #expect(glyph.rows[2] == 0x11)
    for row in 3..<8 { #expect(glyph.rows[row] == 0) }
    #expect(glyph == Glyph("x", fallback: "x", rows: [0x1F, 0, 0x11, 0, 0, 0, 0, 0, 0x1F]))
    #expect(glyph != Glyph("x", fallback: "x", rows: [0x1F, 0, 0x10]))
    #expect(glyph != Glyph("y", fallback: "x", rows: [0xFF, 0x20, 0x11]))
  }
}
