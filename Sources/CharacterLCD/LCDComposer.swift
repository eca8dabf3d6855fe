import TextFolding

/// Turns a canvas of Unicode characters into the frame an HD44780 shows,
/// choosing for every character a ROM code, a substitute, a custom glyph or a
/// folded letter — never garbage.
///
/// For each character, in order: the ROM's own code; a look-alike the ROM has
/// (`\` → `/` on A00, curly quotes → straight); a custom glyph from
/// `GlyphLibrary` uploaded to CGRAM; the base letter (`é` → `e` on A00); and
/// last a box glyph. CGRAM slots keep their glyphs across frames so uploads
/// are rare.
public struct LCDComposer: Sendable {
  /// The ROM of the module being driven.
  public let rom: CharacterROM
  private var slots: InlineArray<8, Int8>  // slot -> index in GlyphLibrary.all, or -1

  /// A composer for a module with `rom`.
  public init(rom: CharacterROM) {
    self.rom = rom
    self.slots = InlineArray(repeating: -1)
  }

  private enum Resolution {
    case code(UInt8)
    case glyph(Int)
  }

  /// Composes `canvas` into `frame` (which must have the same geometry).
  public mutating func compose(_ canvas: Canvas, into frame: inout LCDFrame) {
    var canvas = canvas
    compose(&canvas, into: &frame)
  }

  /// Composes `canvas` into `frame`, reading the canvas in place (it is not
  /// changed): Swift copies a whole fixed-size array for every element read
  /// through a borrowed value, not through an `inout` one, and this runs for
  /// every frame the firmware draws.
  public mutating func compose(_ canvas: inout Canvas, into frame: inout LCDFrame) {
    let geometry = canvas.geometry
    var needed: UInt32 = 0
    // Cells the ROM or a substitute shows are written at once; glyph cells
    // wait until the slots are assigned.
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        switch resolve(canvas[row, column]) {
        case .code(let code): frame[row, column] = code
        case .glyph(let index): needed |= 1 << index
        }
      }
    }
    assignSlots(needed)
    for slot in 0..<8 where slots[slot] >= 0 {
      frame.setGlyph(GlyphLibrary.all[Int(slots[slot])], slot: slot)
    }
    if needed != 0 {
      for row in 0..<geometry.rows {
        for column in 0..<geometry.columns {
          guard case .glyph(let index) = resolve(canvas[row, column]) else { continue }
          if let slot = slot(of: index) {
            frame[row, column] = UInt8(slot)
          } else {
            let fallback = GlyphLibrary.all[index].fallback
            frame[row, column] = rom.code(for: fallback) ?? 0x3F
          }
        }
      }
    }
    frame.cursor = canvas.cursor
    frame.cursorStyle = canvas.cursor == nil ? .off : canvas.cursorStyle
    frame.backlight = canvas.backlight
  }

  /// Composes a new frame from `canvas`.
  public mutating func frame(for canvas: Canvas) -> LCDFrame {
    var frame = LCDFrame(geometry: canvas.geometry, rom: rom)
    compose(canvas, into: &frame)
    return frame
  }

  private func slot(of glyphIndex: Int) -> Int? {
    (0..<8).first { Int(slots[$0]) == glyphIndex }
  }

  private mutating func assignSlots(_ needed: UInt32) {
    guard needed != 0 else { return }
    for index in 0..<GlyphLibrary.all.count where needed & (1 << index) != 0 {
      guard slot(of: index) == nil else { continue }
      // A free slot, else one whose glyph this frame does not use: glyphs
      // stay uploaded while there is room.
      let free =
        (0..<8).first { slots[$0] < 0 }
        ?? (0..<8).first { needed & (1 << UInt32(slots[$0])) == 0 }
      if let free { slots[free] = Int8(index) }
    }
  }

  private func resolve(_ scalar: Unicode.Scalar) -> Resolution {
    if let code = rom.code(for: scalar) { return .code(code) }
    if let substitute = substitute(for: scalar), let code = rom.code(for: substitute) {
      return .code(code)
    }
    if let glyph = GlyphLibrary.glyph(for: scalar),
      let index = GlyphLibrary.all.firstIndex(of: glyph)
    {
      return .glyph(index)
    }
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return .code(0x20) }
    if let base = LatinFolding.baseCharacter(scalar), base != scalar {
      if let code = rom.code(for: base) { return .code(code) }
    }
    return .glyph(GlyphLibrary.all.count - 1)
  }

  private func substitute(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "\\": rom.name == "A00" ? "/" : nil
    case "ß": "β"
    case "µ": "μ"
    case "°": rom.name == "A00" ? "\u{FF9F}" : nil
    case "“", "”", "„", "«", "»": "\""
    case "‘", "’", "‚", "´", "`": "'"
    case "–", "—", "−", "‐": "-"
    case "…": "."
    case "\u{A0}": " "
    case "↵": "↲"
    case "\n": "↲"
    default: nil
    }
  }
}
