/// The HD44780 instruction set, as bytes.
public enum HD44780Instruction {
  /// Clear display: fill DDRAM with spaces, address 0, increment mode (1.52 ms).
  public static let clearDisplay: UInt8 = 0x01
  /// Return home: address 0, undo display shift (1.52 ms).
  public static let returnHome: UInt8 = 0x02

  /// Entry mode set: move the address counter up or down after each write,
  /// and whether the display shifts with it.
  public static func entryMode(increment: Bool, shift: Bool) -> UInt8 {
    0x04 | (increment ? 0x02 : 0) | (shift ? 0x01 : 0)
  }

  /// Display on/off control: display, underline cursor, blinking cursor.
  public static func displayControl(display: Bool, cursor: Bool, blink: Bool) -> UInt8 {
    0x08 | (display ? 0x04 : 0) | (cursor ? 0x02 : 0) | (blink ? 0x01 : 0)
  }

  /// Cursor or display shift, left or right.
  public static func shift(display: Bool, right: Bool) -> UInt8 {
    0x10 | (display ? 0x08 : 0) | (right ? 0x04 : 0)
  }

  /// Function set: 8- or 4-bit interface, one or two lines, 5x8 or 5x10 font.
  public static func functionSet(eightBit: Bool, twoLines: Bool, tallFont: Bool = false) -> UInt8 {
    0x20 | (eightBit ? 0x10 : 0) | (twoLines ? 0x08 : 0) | (tallFont ? 0x04 : 0)
  }

  /// Set the CGRAM address (6 bits): the next data bytes are glyph rows.
  public static func setCGRAMAddress(_ address: UInt8) -> UInt8 { 0x40 | (address & 0x3F) }

  /// Set the DDRAM address (7 bits): the next data bytes are characters.
  public static func setDDRAMAddress(_ address: UInt8) -> UInt8 { 0x80 | (address & 0x7F) }

  /// A byte as `0x4F`.
  public static func hex(_ byte: UInt8) -> String {
    let digits: [Character] = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
  }

  /// A short description of an instruction byte.
  public static func describe(_ byte: UInt8) -> String {
    if byte & 0x80 != 0 { return "set DDRAM \(hex(byte & 0x7F))" }
    if byte & 0x40 != 0 { return "set CGRAM \(hex(byte & 0x3F))" }
    if byte & 0x20 != 0 {
      return "function set \(byte & 0x10 != 0 ? 8 : 4)-bit \(byte & 0x08 != 0 ? 2 : 1)-line"
    }
    if byte & 0x10 != 0 {
      return
        "\(byte & 0x08 != 0 ? "display" : "cursor") shift \(byte & 0x04 != 0 ? "right" : "left")"
    }
    if byte & 0x08 != 0 {
      let display = byte & 0x04 != 0 ? "on" : "off"
      return
        "display \(display) cursor \(byte & 0x02 != 0 ? "on" : "off") blink \(byte & 0x01 != 0 ? "on" : "off")"
    }
    if byte & 0x04 != 0 { return "entry mode \(byte & 0x02 != 0 ? "increment" : "decrement")" }
    if byte & 0x02 != 0 { return "return home" }
    if byte & 0x01 != 0 { return "clear display" }
    return "no-op"
  }
}
