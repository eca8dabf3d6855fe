import CharacterLCD
import SimulatedPeers
import TestSupport

/// Random frames of one module: printable ROM codes, library glyphs in CGRAM
/// slots shown by some cells, a cursor or none, the backlight on or off.
/// Consecutive frames differ in a few cells, as when typing, or in many.
struct RandomFrames {
  let geometry: LCDGeometry
  let rom: CharacterROM
  var random: SplitMix64

  mutating func next(after previous: LCDFrame?) -> LCDFrame {
    var frame = previous ?? LCDFrame(geometry: geometry, rom: rom)
    let changes =
      random.next() % 4 == 0 ? geometry.cellCount : Int(random.next() % 3) + 1
    if random.next() % 5 == 0 {
      let slot = Int(random.next() % 8)
      let glyph = GlyphLibrary.all[Int(random.next() % UInt64(GlyphLibrary.all.count))]
      frame.setGlyph(glyph, slot: slot)
    }
    for _ in 0..<changes {
      let row = Int(random.next() % UInt64(geometry.rows))
      let column = Int(random.next() % UInt64(geometry.columns))
      frame[row, column] =
        random.next() % 8 == 0
        ? UInt8(random.next() % 8) : UInt8(0x20 + random.next() % 0xE0)
    }
    switch random.next() % 4 {
    case 0: frame.cursor = nil
    case 1:
      frame.cursor = CursorPosition(
        row: Int(random.next() % UInt64(geometry.rows)),
        column: Int(random.next() % UInt64(geometry.columns)))
      frame.cursorStyle = random.next() % 2 == 0 ? .underline : .blink
    default: break
    }
    if random.next() % 10 == 0 { frame.backlight.toggle() }
    return frame
  }
}
