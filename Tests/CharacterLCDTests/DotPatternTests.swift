import CharacterLCD
import TestSupport
import Testing

@Suite("Dot pattern")
struct DotPatternTests {
  private let arrow = DotArt.packed([
    "..#..", ".###.", "#.#.#", "..#..", "..#..", "..#..", "..#..", ".....",
  ])

  @Test("Rows read back top first, bit 4 the leftmost dot")
  func rows() {
    let pattern = DotPattern(packed: arrow)
    #expect(pattern.row(0) == 0b00100)
    #expect(pattern.row(2) == 0b10101)
    #expect(pattern.row(7) == 0)
    #expect(pattern.isLit(row: 2, column: 0))
    #expect(!pattern.isLit(row: 2, column: 1))
    #expect(pattern.isLit(row: 2, column: 4))
    #expect(!pattern.isLit(row: 0, column: 0))
  }

  @Test("Building from eight rows matches the packed form, a CGRAM glyph included")
  func fromRows() {
    var rows = InlineArray<8, UInt8>(repeating: 0)
    for index in 0..<8 { rows[index] = GlyphLibrary.upArrow.rows[index] }
    #expect(DotPattern(rows: rows) == DotPattern(packed: arrow))
  }

  @Test("Bits beyond a row's five dots are dropped")
  func masking() {
    let pattern = DotPattern(packed: 0xFFFF_FFFF_FFFF_FFFF)
    #expect(pattern == .full)
    for row in 0..<8 { #expect(pattern.row(row) == 0x1F) }
  }

  @Test("The underline lights the eighth row only, and union keeps both patterns' dots")
  func underline() {
    let pattern = DotPattern(packed: arrow).union(.underline)
    #expect(pattern.row(7) == 0x1F)
    #expect(pattern.row(0) == 0b00100)
    #expect(DotPattern.underline.row(6) == 0)
    #expect(DotPattern.blank.isBlank)
    #expect(!DotPattern.underline.isBlank)
  }
}
