import CharacterLCD
import Testing

@Suite("Picture layout")
struct PictureLayoutTests {
  @Test("A 16x2 module is 396x98 pixels at scale 1 and twice that at scale 2")
  func sixteenByTwo() {
    let one = PictureLayout(geometry: .lcd16x2, scale: 1)
    #expect(one.width == 396)
    #expect(one.height == 98)
    let two = PictureLayout(geometry: .lcd16x2, scale: 2)
    #expect(two.width == 792)
    #expect(two.height == 196)
  }

  @Test(
    "Cells and dots sit inside the glass, with gaps between them, on every geometry",
    arguments: LCDGeometry.supported)
  func cellsFit(geometry: LCDGeometry) {
    for scale in [1, 3] {
      let layout = PictureLayout(geometry: geometry, scale: scale)
      let last = layout.dotOrigin(
        row: geometry.rows - 1, column: geometry.columns - 1, dotRow: 7, dotColumn: 4)
      // The last dot ends where the margin starts, on both sides alike.
      #expect(last.x + layout.dotSize == layout.width - layout.inset)
      #expect(last.y + layout.dotSize == layout.height - layout.inset)
      let first = layout.dotOrigin(row: 0, column: 0, dotRow: 0, dotColumn: 0)
      #expect(first.x == layout.inset && first.y == layout.inset)
      // A gap between dots, a wider one between cells.
      let next = layout.dotOrigin(row: 0, column: 0, dotRow: 0, dotColumn: 1)
      #expect(next.x - first.x - layout.dotSize == PictureLayout.baseDotGap * scale)
      if geometry.columns > 1 {
        let cell = layout.cellOrigin(row: 0, column: 1)
        #expect(cell.x - (first.x + layout.cellWidth) == PictureLayout.baseCellGap * scale)
      }
    }
  }

  @Test("The scale is clamped to 1–8")
  func clamped() {
    #expect(PictureLayout(geometry: .lcd16x2, scale: 0).scale == 1)
    #expect(PictureLayout(geometry: .lcd16x2, scale: 99).scale == 8)
    #expect(PictureLayout(geometry: .lcd16x2, scale: 5).scale == 5)
  }
}
