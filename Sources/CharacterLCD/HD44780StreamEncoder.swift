/// Encodes frames as the HD44780's own instruction stream, sending only what
/// changed since the previous frame: glyphs whose CGRAM rows changed, runs of
/// changed cells, the cursor and the backlight.
///
/// The first frame (and the first after `reset()`) starts with the
/// controller's initialisation: function set, display off, clear, entry mode.
/// This stream is what a real I2C or GPIO display driver sends.
public struct HD44780StreamEncoder: Sendable {
  /// Whether the bus is 8 bits wide (else 4, as on the PCF8574 backpack);
  /// only the function-set instruction differs.
  public var eightBitInterface: Bool
  /// What the module shows (meaningful once `hasShown`): compared in place
  /// with the next frame, then replaced by it.
  private var shown = LCDFrame(geometry: .lcd16x2, rom: .a00)
  private var hasShown = false
  private var shownControl: UInt8 = 0
  /// The CGRAM slots uploaded since the initialisation (bit per slot); the
  /// others hold garbage.
  private var uploadedSlots: UInt8 = 0

  /// An encoder for a module that has not been initialised yet.
  public init(eightBitInterface: Bool = true) {
    self.eightBitInterface = eightBitInterface
  }

  /// Forgets what the module shows, so the next frame re-initialises it
  /// (after a power cycle or a bus error).
  public mutating func reset() {
    hasShown = false
  }

  /// Appends the writes that turn the module's contents into `frame`.
  public mutating func encode(_ frame: LCDFrame, into writes: inout [HD44780Write]) {
    var frame = frame
    encode(&frame, into: &writes)
  }

  /// Appends the writes that turn the module's contents into `frame`,
  /// reading `frame` in place (it is not changed): Swift copies a whole
  /// fixed-size array for every element read through a borrowed value, not
  /// through an `inout` one, and this runs for every frame shown.
  public mutating func encode(_ frame: inout LCDFrame, into writes: inout [HD44780Write]) {
    let geometry = frame.geometry
    let hadShown = hasShown
    if !hasShown || shown.geometry != geometry {
      writes.append(
        .command(
          HD44780Instruction.functionSet(
            eightBit: eightBitInterface, twoLines: geometry.usesTwoLineMode)))
      writes.append(
        .command(HD44780Instruction.displayControl(display: false, cursor: false, blink: false)))
      writes.append(.command(HD44780Instruction.clearDisplay))
      writes.append(.command(HD44780Instruction.entryMode(increment: true, shift: false)))
      writes.append(.backlight(frame.backlight))
      shownControl = 0
      // After clear: DDRAM is all spaces; CGRAM is undefined, so every slot
      // is uploaded once a frame assigns it a glyph or a cell shows it.
      shown = LCDFrame(geometry: geometry, rom: frame.rom)
      for slot in 0..<8 {
        for row in 0..<8 {
          let bits = frame.glyphRow(slot: slot, row: row)
          shown.setGlyphRow(slot: slot, row: row, bits: bits, character: nil)
        }
      }
      uploadedSlots = 0
    }
    var wroteSomething = false
    // Slots a cell shows (codes 0-15; 8-15 alias 0-7).
    let cellSlots = frame.shownSlots
    // Most frames change no glyph and upload nothing new: one comparison.
    let glyphsSame = LCDFrame.sameGlyphRows(&shown, &frame)
    for slot in 0..<8
    where (!glyphsSame && HD44780StreamEncoder.glyphChanged(slot, from: &shown, to: &frame))
      || (uploadedSlots & (1 << slot) == 0
        && (frame.slotCharacter(slot) != nil || cellSlots & (1 << slot) != 0))
    {
      writes.append(.command(HD44780Instruction.setCGRAMAddress(UInt8(slot * 8))))
      for row in 0..<8 { writes.append(.data(frame.glyphRow(slot: slot, row: row))) }
      uploadedSlots |= 1 << slot
      wroteSomething = true
    }
    // Runs of changed cells, row by row, each from one DDRAM address.
    var next = LCDFrame.firstDifferentCell(&shown, &frame, from: 0)
    while let cell = next {
      let row = cell / geometry.columns
      var column = cell % geometry.columns
      writes.append(
        .command(HD44780Instruction.setDDRAMAddress(geometry.address(row: row, column: column))))
      wroteSomething = true
      var address = geometry.address(row: row, column: column)
      while column < geometry.columns && frame[row, column] != shown[row, column]
        && geometry.address(row: row, column: column) == address
      {
        writes.append(.data(frame[row, column]))
        column += 1
        address &+= 1
      }
      next = LCDFrame.firstDifferentCell(&shown, &frame, from: row * geometry.columns + column)
    }
    // Only a visible cursor needs the address counter in its place.
    if let cursor = frame.visibleCursor,
      wroteSomething || cursor != shown.visibleCursor || !hadShown
    {
      writes.append(
        .command(
          HD44780Instruction.setDDRAMAddress(
            geometry.address(row: cursor.row, column: cursor.column))))
    }
    let control = HD44780Instruction.displayControl(
      display: true,
      cursor: frame.cursor != nil && frame.cursorStyle == .underline,
      blink: frame.cursor != nil && frame.cursorStyle == .blink)
    if control != shownControl {
      writes.append(.command(control))
      shownControl = control
    }
    if hadShown && frame.backlight != shown.backlight {
      writes.append(.backlight(frame.backlight))
    }
    shown = frame
    hasShown = true
  }

  private static func glyphChanged(_ slot: Int, from old: inout LCDFrame, to new: inout LCDFrame)
    -> Bool
  {
    (0..<8).contains { old.glyphRow(slot: slot, row: $0) != new.glyphRow(slot: slot, row: $0) }
  }
}
