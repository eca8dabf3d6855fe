/// Exactly what an HD44780 module shows: a ROM code per cell, the eight CGRAM
/// glyphs, the cursor and the backlight.
public struct LCDFrame: Sendable, Equatable {
  /// The module's size.
  public let geometry: LCDGeometry
  /// The character ROM the codes index.
  public let rom: CharacterROM
  // Inlinable readers of these keep a driver, which reads cells and glyph
  // rows one at a time, from copying the whole frame for each.
  @usableFromInline var codes: InlineArray<80, UInt8>
  @usableFromInline var cgram: InlineArray<64, UInt8>
  /// The Unicode character each CGRAM slot stands for (0 when unused).
  private var slotCharacters: InlineArray<8, UInt32>
  /// Whether the two frames hold the same pixels in every CGRAM slot
  /// (shown or not), compared a word at a time: a frame sent to the
  /// module is compared with the one before, and glyphs rarely change.
  public static func sameGlyphRows(_ lhs: inout LCDFrame, _ rhs: inout LCDFrame) -> Bool {
    withUnsafeBytes(of: &lhs.cgram) { left in
      withUnsafeBytes(of: &rhs.cgram) { right in
        for word in 0..<8
        where left.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)
          != right.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)
        {
          return false
        }
        return true
      }
    }
  }

  /// The first cell from `start` (an index in row-major order) whose code
  /// differs between the two frames, or nil: eight cells compared at a
  /// time, as most frames sent change a few cells of many.
  public static func firstDifferentCell(
    _ lhs: inout LCDFrame, _ rhs: inout LCDFrame, from start: Int
  ) -> Int? {
    let end = Swift.min(lhs.geometry.cellCount, rhs.geometry.cellCount)
    return withUnsafeBytes(of: &lhs.codes) { left in
      withUnsafeBytes(of: &rhs.codes) { right in
        var index = Swift.max(0, start)
        while index + 8 <= end {
          let a = left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          let b = right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if a != b { break }
          index += 8
        }
        while index < end {
          if left[index] != right[index] { return index }
          index += 1
        }
        return nil
      }
    }
  }

  /// Where the cursor is, if shown.
  public var cursor: CursorPosition?
  /// How the cursor is shown.
  public var cursorStyle: CursorStyle = .off
  /// Whether the backlight is on.
  public var backlight = true

  /// A blank frame (all spaces, empty CGRAM).
  public init(geometry: LCDGeometry, rom: CharacterROM) {
    self.geometry = geometry
    self.rom = rom
    self.codes = InlineArray(repeating: 0x20)
    self.cgram = InlineArray(repeating: 0)
    self.slotCharacters = InlineArray(repeating: 0)
  }

  /// The ROM code at a cell.
  @inlinable public subscript(row: Int, column: Int) -> UInt8 {
    get { codes[row * geometry.columns + column] }
    set { codes[row * geometry.columns + column] = newValue }
  }

  /// One pixel row of a CGRAM glyph (slot 0–7, row 0–7).
  @inlinable public func glyphRow(slot: Int, row: Int) -> UInt8 { cgram[(slot & 7) * 8 + row] }

  /// The Unicode character a CGRAM slot stands for, if one was uploaded.
  public func slotCharacter(_ slot: Int) -> Unicode.Scalar? {
    let value = slotCharacters[slot & 7]
    return value == 0 ? nil : Unicode.Scalar(value)
  }

  /// Puts a glyph in a CGRAM slot.
  public mutating func setGlyph(_ glyph: Glyph, slot: Int) {
    for row in 0..<8 { cgram[(slot & 7) * 8 + row] = glyph.rows[row] }
    slotCharacters[slot & 7] = glyph.character.value
  }

  /// Sets one pixel row of a slot directly (as a controller would).
  public mutating func setGlyphRow(slot: Int, row: Int, bits: UInt8, character: Unicode.Scalar?) {
    cgram[(slot & 7) * 8 + row] = bits & 0x1F
    if let character { slotCharacters[slot & 7] = character.value }
  }

  /// The Unicode character a cell shows: the ROM's character, a CGRAM slot's
  /// stand-in, or a space for blank codes.
  public func character(row: Int, column: Int) -> Unicode.Scalar {
    let code = self[row, column]
    if code < 0x10 { return slotCharacter(Int(code & 7)) ?? " " }
    return rom.character(for: code) ?? " "
  }

  /// The custom-glyph slots the frame's cells show, one bit per slot
  /// (codes 0–15; 8–15 alias 0–7).
  public var shownSlots: UInt8 {
    var shown: UInt8 = 0
    let count = geometry.cellCount
    // Through the bytes: reading the codes one by one from a borrowed frame
    // copies all of them for each.
    withUnsafeBytes(of: codes) { codes in
      var index = 0
      while index < count {
        // Eight cells at a time: most hold no glyph code (high nibble 0).
        if index + 8 <= count {
          let high =
            codes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0xF0F0_F0F0_F0F0_F0F0
          let zeroBytes = (high &- 0x0101_0101_0101_0101) & ~high & 0x8080_8080_8080_8080
          if zeroBytes == 0 {
            index += 8
            continue
          }
        }
        if codes[index] < 0x10 { shown |= 1 << (codes[index] & 7) }
        index += 1
      }
    }
    return shown
  }

  /// Where the glass shows a cursor: nil when there is none or its style is off.
  public var visibleCursor: CursorPosition? { cursorStyle == .off ? nil : cursor }

  /// Frames are equal when the glass shows the same thing: the same codes,
  /// visible cursor and backlight, and the same pixels in the CGRAM glyphs
  /// that cells show (a glyph no cell shows cannot be seen).
  public static func == (lhs: LCDFrame, rhs: LCDFrame) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return showSame(&lhs, &rhs)
  }

  /// `==` reading both frames in place (neither is changed): Swift copies a
  /// whole fixed-size array for every element read through a borrowed
  /// value, not through an `inout` one, and the firmware compares a frame
  /// after every input.
  public static func showSame(_ lhs: inout LCDFrame, _ rhs: inout LCDFrame) -> Bool {
    guard lhs.geometry == rhs.geometry, lhs.rom == rhs.rom,
      lhs.visibleCursor == rhs.visibleCursor,
      lhs.visibleCursor == nil || lhs.cursorStyle == rhs.cursorStyle,
      lhs.backlight == rhs.backlight
    else { return false }
    var shownSlots: UInt8 = 0
    for index in 0..<lhs.geometry.cellCount {
      let code = lhs.codes[index]
      guard code == rhs.codes[index] else { return false }
      if code < 0x10 { shownSlots |= 1 << (code & 7) }
    }
    for slot in 0..<8 where shownSlots & (1 << slot) != 0 {
      for row in 0..<8 where lhs.cgram[slot * 8 + row] != rhs.cgram[slot * 8 + row] {
        return false
      }
    }
    return true
  }
}
