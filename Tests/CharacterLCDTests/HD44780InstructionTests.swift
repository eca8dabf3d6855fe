import CharacterLCD
import Testing

@Suite("HD44780 instructions")
struct HD44780InstructionTests {
  @Test("Clear and home are 0x01 and 0x02")
  func clearAndHome() {
    #expect(HD44780Instruction.clearDisplay == 0x01)
    #expect(HD44780Instruction.returnHome == 0x02)
  }

  @Test(
    "Entry mode set is 0x04 | I/D<<1 | S",
    arguments: [(true, false, 0x06), (false, false, 0x04), (true, true, 0x07), (false, true, 0x05)]
      as [(Bool, Bool, UInt8)])
  func entryMode(increment: Bool, shift: Bool, byte: UInt8) {
    #expect(HD44780Instruction.entryMode(increment: increment, shift: shift) == byte)
  }

  @Test("Display control is 0x08 | D<<2 | C<<1 | B", arguments: 0..<8)
  func displayControl(bits: Int) {
    let display = bits & 4 != 0
    let cursor = bits & 2 != 0
    let blink = bits & 1 != 0
    #expect(
      HD44780Instruction.displayControl(display: display, cursor: cursor, blink: blink)
        == 0x08 | UInt8(bits))
  }

  @Test("Shift is 0x10 | S/C<<3 | R/L<<2")
  func shift() {
    #expect(HD44780Instruction.shift(display: false, right: false) == 0x10)
    #expect(HD44780Instruction.shift(display: false, right: true) == 0x14)
    #expect(HD44780Instruction.shift(display: true, right: false) == 0x18)
    #expect(HD44780Instruction.shift(display: true, right: true) == 0x1C)
  }

  @Test("Function set is 0x20 | DL<<4 | N<<3 | F<<2")
  func functionSet() {
    #expect(HD44780Instruction.functionSet(eightBit: true, twoLines: true) == 0x38)
    #expect(HD44780Instruction.functionSet(eightBit: false, twoLines: true) == 0x28)
    #expect(HD44780Instruction.functionSet(eightBit: true, twoLines: false) == 0x30)
    #expect(
      HD44780Instruction.functionSet(eightBit: false, twoLines: false, tallFont: true) == 0x24)
  }

  @Test("Address instructions keep their address bits only")
  func addresses() {
    #expect(HD44780Instruction.setCGRAMAddress(0) == 0x40)
    #expect(HD44780Instruction.setCGRAMAddress(0x3F) == 0x7F)
    #expect(HD44780Instruction.setCGRAMAddress(0x48) == 0x48)  // 6 bits: 0x08
    #expect(HD44780Instruction.setDDRAMAddress(0x00) == 0x80)
    #expect(HD44780Instruction.setDDRAMAddress(0x40) == 0xC0)
    #expect(HD44780Instruction.setDDRAMAddress(0x67) == 0xE7)
    #expect(HD44780Instruction.setDDRAMAddress(0xFF) == 0xFF)
  }

  @Test("Bytes print as two upper-case hex digits")
  func hex() {
    #expect(HD44780Instruction.hex(0x00) == "0x00")
    #expect(HD44780Instruction.hex(0x4F) == "0x4F")
    #expect(HD44780Instruction.hex(0xA5) == "0xA5")
    #expect(HD44780Instruction.hex(0xFF) == "0xFF")
  }

  @Test(
    "Instruction bytes are described by their highest set bit",
    arguments: [
      (0x00, "no-op"), (0x01, "clear display"), (0x02, "return home"), (0x03, "return home"),
      (0x06, "entry mode increment"), (0x04, "entry mode decrement"),
      (0x0C, "display on cursor off blink off"), (0x0B, "display off cursor on blink on"),
      (0x18, "display shift left"), (0x14, "cursor shift right"),
      (0x38, "function set 8-bit 2-line"), (0x20, "function set 4-bit 1-line"),
      (0x48, "set CGRAM 0x08"), (0xC0, "set DDRAM 0x40"), (0x80, "set DDRAM 0x00"),
      (0xE7, "set DDRAM 0x67"), (0x7F, "set CGRAM 0x3F"),
    ] as [(UInt8, String)])
  func describe(byte: UInt8, text: String) {
    #expect(HD44780Instruction.describe(byte) == text)
  }
}
