/// A simulated HD44780 controller as the pins of its 4-bit bus see it: the
/// interface state machine (8 bits wide at power-on, 4 after the
/// initialisation), the instruction set, DDRAM and CGRAM, the address
/// counter with its wrap rules, entry mode, display shift, display, cursor
/// and blink, and reads of the busy flag and of RAM.
///
/// It is what scenarios and the simulator put at the far end of the display
/// driver, so what they check is what a real module would show. Instructions
/// complete at once: the simulated controller is never busy.
public struct HD44780Controller: Sendable {
  /// Display data RAM, by 7-bit address.
  private var ddram: InlineArray<128, UInt8>
  /// Character generator RAM: 8 glyphs of 8 rows.
  private var cgram: InlineArray<64, UInt8>
  /// The address counter.
  public private(set) var addressCounter: UInt8 = 0
  /// Whether data goes to CGRAM (after set CGRAM address) rather than DDRAM.
  public private(set) var addressingCGRAM = false
  /// Entry mode I/D.
  public private(set) var increment = true
  /// Entry mode S: the display shifts with each data write.
  public private(set) var shiftOnWrite = false
  /// Display control D.
  public private(set) var displayOn = false
  /// Display control C: the underline cursor.
  public private(set) var cursorOn = false
  /// Display control B: the blinking block.
  public private(set) var blinkOn = false
  /// Function set DL: the interface is 8 bits wide (power-on) or 4.
  public private(set) var eightBitInterface = true
  /// Function set N.
  public private(set) var twoLineMode = false
  /// How far the display is shifted left, modulo the line length.
  public private(set) var displayShift = 0
  /// In 4-bit mode, the high nibble latched and waiting for the low one.
  private var pendingHighNibble: UInt8?
  /// In 4-bit mode, the low nibble of a read still to be clocked out.
  private var pendingReadNibble: UInt8?
  /// Instructions and data bytes executed since power-on.
  public private(set) var transfers = 0

  /// The state after power-on reset: 8-bit interface, one line, display
  /// off, increment; DDRAM cleared; CGRAM holds whatever the silicon woke
  /// with (`cgramNoise` stands for it).
  public init(cgramNoise: UInt8 = 0x15) {
    ddram = InlineArray(repeating: 0x20)
    cgram = InlineArray(repeating: 0)
    for index in 0..<64 { cgram[index] = (cgramNoise &* UInt8(index | 1)) & 0x1F }
  }

  /// Changes a DDRAM cell behind the interface, as electrical noise does:
  /// no instruction runs and the address counter stays.
  public mutating func disturb(ddramAt address: UInt8, with code: UInt8) {
    ddram[Int(address & 0x7F)] = code
  }

  // MARK: The bus

  /// A falling edge of E with RW low: the controller latches D7–D4 (`nibble`).
  /// In 8-bit mode the backpack leaves D3–D0 unconnected, and the chip's
  /// pull-ups read them high.
  public mutating func write(nibble: UInt8, rs: Bool) {
    let nibble = nibble & 0x0F
    if eightBitInterface {
      pendingHighNibble = nil
      execute(nibble << 4 | 0x0F, rs: rs)
    } else if let high = pendingHighNibble {
      pendingHighNibble = nil
      execute(high << 4 | nibble, rs: rs)
    } else {
      pendingHighNibble = nibble
    }
  }

  /// A rising edge of E with RW high: the nibble the controller drives onto
  /// D7–D4. A register read (`rs` low) is the busy flag and the address
  /// counter; a data read is the RAM byte at the address counter, which then
  /// moves as after a write.
  public mutating func read(rs: Bool) -> UInt8 {
    if !eightBitInterface, let low = pendingReadNibble {
      pendingReadNibble = nil
      return low
    }
    pendingHighNibble = nil
    let byte: UInt8
    if rs {
      byte = addressingCGRAM ? cgram[Int(addressCounter & 0x3F)] : ddram[Int(addressCounter & 0x7F)]
      moveAddressCounter(up: increment)
    } else {
      byte = addressingCGRAM ? addressCounter & 0x3F : addressCounter & 0x7F
    }
    if !eightBitInterface { pendingReadNibble = byte & 0x0F }
    return byte >> 4
  }

  // MARK: Instructions and data

  private mutating func execute(_ byte: UInt8, rs: Bool) {
    transfers += 1
    if rs { writeData(byte) } else { instruction(byte) }
  }

  private mutating func instruction(_ byte: UInt8) {
    if byte & 0x80 != 0 {
      addressCounter = byte & 0x7F
      addressingCGRAM = false
    } else if byte & 0x40 != 0 {
      addressCounter = byte & 0x3F
      addressingCGRAM = true
    } else if byte & 0x20 != 0 {
      eightBitInterface = byte & 0x10 != 0
      twoLineMode = byte & 0x08 != 0
    } else if byte & 0x10 != 0 {
      if byte & 0x08 != 0 {
        shiftDisplay(left: byte & 0x04 == 0)
      } else {
        moveAddressCounter(up: byte & 0x04 != 0)
      }
    } else if byte & 0x08 != 0 {
      displayOn = byte & 0x04 != 0
      cursorOn = byte & 0x02 != 0
      blinkOn = byte & 0x01 != 0
    } else if byte & 0x04 != 0 {
      increment = byte & 0x02 != 0
      shiftOnWrite = byte & 0x01 != 0
    } else if byte & 0x03 != 0 {
      // Clear display (0x01) also fills DDRAM with spaces; both it and
      // return home (0x02/0x03) reset the address and the shift, and clear
      // sets the direction to increment.
      if byte & 0x02 == 0 {
        for index in 0..<128 { ddram[index] = 0x20 }
        increment = true
      }
      addressCounter = 0
      addressingCGRAM = false
      displayShift = 0
    }
  }

  private mutating func writeData(_ byte: UInt8) {
    if addressingCGRAM {
      cgram[Int(addressCounter & 0x3F)] = byte
    } else {
      ddram[Int(addressCounter & 0x7F)] = byte
    }
    moveAddressCounter(up: increment)
    if shiftOnWrite && !addressingCGRAM { shiftDisplay(left: increment) }
  }

  private mutating func moveAddressCounter(up: Bool) {
    if addressingCGRAM {
      addressCounter = (up ? addressCounter &+ 1 : addressCounter &- 1) & 0x3F
      return
    }
    let address = addressCounter
    if twoLineMode {
      switch (address, up) {
      case (0x27, true): addressCounter = 0x40
      case (0x67, true): addressCounter = 0x00
      case (0x40, false): addressCounter = 0x27
      case (0x00, false): addressCounter = 0x67
      default: addressCounter = up ? address &+ 1 : address &- 1
      }
    } else {
      switch (address, up) {
      case (0x4F, true): addressCounter = 0x00
      case (0x00, false): addressCounter = 0x4F
      default: addressCounter = up ? address &+ 1 : address &- 1
      }
    }
  }

  private mutating func shiftDisplay(left: Bool) {
    let length = twoLineMode ? 40 : 80
    displayShift = (displayShift + (left ? 1 : length - 1)) % length
  }

  // MARK: The glass

  /// The DDRAM address a cell of `geometry` shows, display shift applied;
  /// nil where the segment is not driven (a second line in one-line mode).
  public func shownAddress(row: Int, column: Int, geometry: LCDGeometry) -> UInt8? {
    let mapped = Int(geometry.address(row: row, column: column))
    if twoLineMode {
      let base = mapped & 0x40
      return UInt8(base + (mapped - base + displayShift) % 40)
    }
    guard mapped < 0x40 else { return nil }
    return UInt8((mapped + displayShift) % 80)
  }

  /// The byte at a DDRAM address.
  public func ddram(at address: UInt8) -> UInt8 { ddram[Int(address & 0x7F)] }

  /// One pixel row (5 bits) of a CGRAM glyph.
  public func cgramRow(slot: Int, row: Int) -> UInt8 { cgram[(slot & 7) * 8 + (row & 7)] & 0x1F }

  /// What the glass shows, as a frame of `geometry` read through `rom`: the
  /// visible DDRAM codes (all blank with the display off), the CGRAM glyphs
  /// named after the library glyph with the same pixels (a space when blank,
  /// `unknown` when no glyph has them), the cursor, and `backlight` (a pin of the backpack,
  /// not of the controller).
  public func glass(
    geometry: LCDGeometry, rom: CharacterROM, backlight: Bool,
    unknown: Unicode.Scalar = "\u{FFFD}"
  ) -> LCDFrame {
    var frame = LCDFrame(geometry: geometry, rom: rom)
    frame.backlight = backlight
    for slot in 0..<8 {
      var rows = InlineArray<8, UInt8>(repeating: 0)
      for row in 0..<8 { rows[row] = cgramRow(slot: slot, row: row) }
      var blank = true
      for row in 0..<8 where rows[row] != 0 { blank = false }
      let character = blank ? " " : GlyphLibrary.glyph(withRows: rows)?.character ?? unknown
      for row in 0..<8 {
        frame.setGlyphRow(
          slot: slot, row: row, bits: cgramRow(slot: slot, row: row), character: character)
      }
    }
    guard displayOn else { return frame }
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        guard let address = shownAddress(row: row, column: column, geometry: geometry) else {
          continue
        }
        frame[row, column] = ddram[Int(address)]
      }
    }
    if (cursorOn || blinkOn) && !addressingCGRAM {
      for row in 0..<geometry.rows {
        for column in 0..<geometry.columns
        where shownAddress(row: row, column: column, geometry: geometry) == addressCounter {
          frame.cursor = CursorPosition(row: row, column: column)
          frame.cursorStyle = blinkOn ? .blink : .underline
        }
      }
    }
    return frame
  }
}
