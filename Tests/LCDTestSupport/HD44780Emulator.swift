import CharacterLCD
import TestSupport

/// A model of the HD44780 controller (plus the backlight pin of an I2C
/// backpack), written for the tests from the datasheet and independently of
/// `HD44780StreamEncoder` and `HD44780Instruction`: it decodes the raw
/// instruction bits itself.
///
/// It executes writes like the real controller — DDRAM and CGRAM, the address
/// counter with its wrap rules, entry mode, display shift, cursor and blink —
/// and shows the picture through a geometry's address map.
public struct HD44780Emulator: Sendable {
  /// What the cursor looks like on the glass.
  public enum CursorPicture: Equatable, CustomStringConvertible {
    /// Display off, or neither the cursor nor the blink bit is on.
    case hidden
    /// On a visible cell, with the C (underline) and B (blink) bits.
    case cell(CursorPosition, underline: Bool, blink: Bool)
    /// On a DDRAM address that no visible cell shows.
    case offGlass(address: UInt8)
    /// The address counter points into CGRAM: the position is undefined.
    case inCGRAM

    /// A short text for failure messages.
    public var description: String {
      switch self {
      case .hidden: "hidden"
      case .cell(let position, let underline, let blink):
        "(\(position.row),\(position.column))\(underline ? " underline" : "")\(blink ? " blink" : "")"
      case .offGlass(let address): "off glass at DDRAM \(address)"
      case .inCGRAM: "in CGRAM"
      }
    }
  }

  /// The module's glass.
  public let geometry: LCDGeometry

  /// Display data RAM, indexed by the 7-bit DDRAM address.
  public private(set) var ddram: [UInt8]
  /// Character generator RAM: 8 glyphs of 8 rows.
  public private(set) var cgram: [UInt8]
  /// The address counter.
  public private(set) var addressCounter: UInt8 = 0
  /// Whether data writes go to CGRAM (after set CGRAM address) or DDRAM.
  public private(set) var addressingCGRAM = false
  /// Entry mode I/D: the address counter moves up after each write.
  public private(set) var increment = true
  /// Entry mode S: the display shifts with each data write.
  public private(set) var shiftOnWrite = false
  /// Display on/off control D.
  public private(set) var displayOn = false
  /// Display on/off control C (underline cursor).
  public private(set) var cursorOn = false
  /// Display on/off control B (blinking block).
  public private(set) var blinkOn = false
  /// Function set DL.
  public private(set) var eightBitInterface = true
  /// Function set N.
  public private(set) var twoLineMode = false
  /// How many positions the display has been shifted left (modulo the line).
  public private(set) var displayShift = 0
  /// The backlight pin; nil until the first backlight write.
  public private(set) var backlight: Bool?

  /// Things a real controller would not do sensibly (writes to addresses
  /// that do not exist in the current mode).
  public private(set) var violations: [String] = []
  /// How many instructions were executed.
  public private(set) var commandCount = 0
  /// How many data bytes were executed.
  public private(set) var dataCount = 0

  /// A module just powered up without a working internal reset: DDRAM and
  /// CGRAM hold garbage, one-line mode, display off.
  public init(geometry: LCDGeometry, garbageSeed: UInt64 = 0x5EED) {
    self.geometry = geometry
    var rng = SplitMix64(seed: garbageSeed)
    ddram = (0..<128).map { _ in UInt8.random(in: 0...255, using: &rng) }
    cgram = (0..<64).map { _ in UInt8.random(in: 0...255, using: &rng) }
  }

  /// Puts the controller in an arbitrary state, as after a bus error or a
  /// glitch: random memories, modes, address counter and shift.
  public mutating func scramble(using rng: inout SplitMix64) {
    ddram = (0..<128).map { _ in UInt8.random(in: 0...255, using: &rng) }
    cgram = (0..<64).map { _ in UInt8.random(in: 0...255, using: &rng) }
    addressingCGRAM = Bool.random(using: &rng)
    addressCounter = UInt8.random(in: 0...(addressingCGRAM ? 0x3F : 0x27), using: &rng)
    increment = Bool.random(using: &rng)
    shiftOnWrite = Bool.random(using: &rng)
    displayOn = Bool.random(using: &rng)
    cursorOn = Bool.random(using: &rng)
    blinkOn = Bool.random(using: &rng)
    twoLineMode = Bool.random(using: &rng)
    displayShift = Int.random(in: 0..<40, using: &rng)
    backlight = Bool.random(using: &rng)
  }

  // MARK: Executing writes

  /// Executes transfers in order.
  public mutating func execute(_ writes: [HD44780Write]) {
    for write in writes { execute(write) }
  }

  /// Executes one transfer.
  public mutating func execute(_ write: HD44780Write) {
    switch write {
    case .command(let byte):
      commandCount += 1
      command(byte)
    case .data(let byte):
      dataCount += 1
      data(byte)
    case .backlight(let on):
      backlight = on
    }
  }

  private mutating func command(_ byte: UInt8) {
    if byte & 0x80 != 0 {
      // Set DDRAM address.
      let address = byte & 0x7F
      if !isValidDDRAMAddress(address) {
        violations.append("set DDRAM address \(address) does not exist in this mode")
      }
      addressCounter = address
      addressingCGRAM = false
    } else if byte & 0x40 != 0 {
      // Set CGRAM address.
      addressCounter = byte & 0x3F
      addressingCGRAM = true
    } else if byte & 0x20 != 0 {
      // Function set.
      eightBitInterface = byte & 0x10 != 0
      twoLineMode = byte & 0x08 != 0
    } else if byte & 0x10 != 0 {
      // Cursor or display shift.
      let display = byte & 0x08 != 0
      let right = byte & 0x04 != 0
      if display {
        shiftDisplay(left: !right)
      } else {
        moveAddressCounter(up: right)
      }
    } else if byte & 0x08 != 0 {
      // Display on/off control.
      displayOn = byte & 0x04 != 0
      cursorOn = byte & 0x02 != 0
      blinkOn = byte & 0x01 != 0
    } else if byte & 0x04 != 0 {
      // Entry mode set.
      increment = byte & 0x02 != 0
      shiftOnWrite = byte & 0x01 != 0
    } else if byte & 0x02 != 0 {
      // Return home.
      addressCounter = 0
      addressingCGRAM = false
      displayShift = 0
      increment = true
    } else if byte & 0x01 != 0 {
      // Clear display.
      for index in ddram.indices { ddram[index] = 0x20 }
      addressCounter = 0
      addressingCGRAM = false
      displayShift = 0
      increment = true
    }
  }

  private mutating func data(_ byte: UInt8) {
    if addressingCGRAM {
      cgram[Int(addressCounter & 0x3F)] = byte
      addressCounter = increment ? (addressCounter &+ 1) & 0x3F : (addressCounter &- 1) & 0x3F
      return
    }
    if !isValidDDRAMAddress(addressCounter) {
      violations.append("data written to DDRAM address \(addressCounter), which does not exist")
    }
    ddram[Int(addressCounter & 0x7F)] = byte
    moveAddressCounter(up: increment)
    if shiftOnWrite { shiftDisplay(left: increment) }
  }

  private func isValidDDRAMAddress(_ address: UInt8) -> Bool {
    twoLineMode ? (address <= 0x27 || (0x40...0x67).contains(address)) : address <= 0x4F
  }

  private mutating func moveAddressCounter(up: Bool) {
    if addressingCGRAM {
      addressCounter = up ? (addressCounter &+ 1) & 0x3F : (addressCounter &- 1) & 0x3F
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
    let length = lineLength
    displayShift = (displayShift + (left ? 1 : length - 1)) % length
  }

  private var lineLength: Int { twoLineMode ? 40 : 80 }

  // MARK: The picture

  /// The DDRAM address a cell shows, with the display shift applied; nil if
  /// the segment is not driven in the current mode (the second line's
  /// addresses in one-line mode).
  public func shownAddress(row: Int, column: Int) -> UInt8? {
    let mapped = Int(geometry.address(row: row, column: column))
    if twoLineMode {
      let base = mapped & 0x40
      let offset = (mapped - base + displayShift) % 40
      return UInt8(base + offset)
    }
    guard mapped < 0x40 else { return nil }
    return UInt8((mapped + displayShift) % 80)
  }

  /// The character code a cell shows; blank (0x20) when the display is off
  /// or the segment is not driven.
  public func code(row: Int, column: Int) -> UInt8 {
    guard displayOn, let address = shownAddress(row: row, column: column) else { return 0x20 }
    return ddram[Int(address)]
  }

  /// One pixel row (5 bits) of the CGRAM glyph shown for codes 0x00–0x0F.
  public func glyphRow(code: UInt8, row: Int) -> UInt8 {
    cgram[Int(code & 0x07) * 8 + row] & 0x1F
  }

  /// Where and how the cursor shows.
  public var cursor: CursorPicture {
    guard displayOn, cursorOn || blinkOn else { return .hidden }
    guard !addressingCGRAM else { return .inCGRAM }
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns
      where shownAddress(row: row, column: column) == addressCounter {
        return .cell(CursorPosition(row: row, column: column), underline: cursorOn, blink: blinkOn)
      }
    }
    return .offGlass(address: addressCounter)
  }

  /// The visible rows as hex codes, for failure messages.
  public var dump: String {
    (0..<geometry.rows).map { row in
      (0..<geometry.columns).map { column in
        let code = code(row: row, column: column)
        return String(code, radix: 16)
      }.joined(separator: " ")
    }.joined(separator: "\n")
  }

  // MARK: Comparing with a frame

  /// Every difference between what the glass shows and `frame`: cell codes,
  /// the CGRAM rows of the glyphs that visible cells use, the cursor, the
  /// backlight; empty when the glass shows exactly the frame.
  public func differences(from frame: LCDFrame) -> [String] {
    var problems = violations
    if !displayOn { problems.append("display is off") }
    if !twoLineMode { problems.append("controller is in one-line mode") }
    var usedSlots = Set<Int>()
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        let shown = code(row: row, column: column)
        let wanted = frame[row, column]
        if shown != wanted {
          problems.append("cell (\(row),\(column)) shows \(shown), frame has \(wanted)")
        }
        if wanted < 0x10 { usedSlots.insert(Int(wanted & 7)) }
      }
    }
    for slot in usedSlots.sorted() {
      for row in 0..<8 {
        let shown = glyphRow(code: UInt8(slot), row: row)
        let wanted = frame.glyphRow(slot: slot, row: row)
        if shown != wanted {
          problems.append("CGRAM slot \(slot) row \(row) is \(shown), frame has \(wanted)")
        }
      }
    }
    let expectedCursor: CursorPicture =
      if let position = frame.cursor, frame.cursorStyle != .off {
        .cell(
          position, underline: frame.cursorStyle == .underline, blink: frame.cursorStyle == .blink)
      } else {
        .hidden
      }
    if cursor != expectedCursor {
      problems.append("cursor is \(cursor), frame wants \(expectedCursor)")
    }
    if backlight != frame.backlight {
      problems.append(
        "backlight is \(String(describing: backlight)), frame wants \(frame.backlight)")
    }
    return problems
  }
}
