import CharacterLCD
import Testing

/// Drives a backpack the way the datasheet says, byte by byte.
private struct Bus {
  var backpack = PCF8574Backpack(wiring: .backpack)
  mutating func nibble(_ nibble: UInt8, rs: Bool = false) {
    let wiring = backpack.wiring
    backpack.write(wiring.byte(nibble: nibble, rs: rs, enable: false, backlight: true))
    backpack.write(wiring.byte(nibble: nibble, rs: rs, enable: true, backlight: true))
    backpack.write(wiring.byte(nibble: nibble, rs: rs, enable: false, backlight: true))
  }
  mutating func byte(_ byte: UInt8, rs: Bool = false) {
    nibble(byte >> 4, rs: rs)
    nibble(byte & 0x0F, rs: rs)
  }
  mutating func initialise() {
    for value: UInt8 in [0x3, 0x3, 0x3, 0x2] { nibble(value) }
    for value: UInt8 in [0x28, 0x0C, 0x01, 0x06] { byte(value) }
  }
  mutating func readByte(rs: Bool) -> UInt8 {
    var value: UInt8 = 0
    let wiring = backpack.wiring
    for _ in 0..<2 {
      backpack.write(wiring.byte(nibble: 0xF, rs: rs, rw: true, enable: false, backlight: true))
      backpack.write(wiring.byte(nibble: 0xF, rs: rs, rw: true, enable: true, backlight: true))
      value = value << 4 | wiring.nibble(in: backpack.read())
      backpack.write(wiring.byte(nibble: 0xF, rs: rs, rw: true, enable: false, backlight: true))
    }
    return value
  }
}

@Test("a module powers on with an 8-bit interface and its display off")
func hd44780Controller_powerOn() {
  let controller = HD44780Controller()
  #expect(controller.eightBitInterface)
  #expect(!controller.displayOn)
  #expect(!controller.twoLineMode)
  let glass = controller.glass(geometry: .lcd16x2, rom: .a00, backlight: true)
  #expect(TextFrameRenderer.rows(of: glass) == ["                ", "                "])
}

@Test("the datasheet's initialisation brings a module into 4-bit mode from any nibble phase")
func hd44780Controller_initialisationResynchronises() {
  var bus = Bus()
  bus.initialise()
  #expect(!bus.backpack.controller.eightBitInterface)
  #expect(bus.backpack.controller.twoLineMode)
  // A transfer cut after its first nibble leaves the module half-way.
  bus.nibble(0x4, rs: true)
  bus.initialise()
  bus.byte(0x48, rs: true)
  bus.byte(0x69, rs: true)
  let glass = bus.backpack.glass(geometry: .lcd16x2, rom: .a00)
  #expect(TextFrameRenderer.rows(of: glass)[0] == "Hi              ")
}

@Test("reads return the busy flag with the address counter, and DDRAM, moving the counter")
func hd44780Controller_reads() {
  var bus = Bus()
  bus.initialise()
  bus.byte(0xC0)  // DDRAM 0x40
  for character in "ok".utf8 { bus.byte(character, rs: true) }
  #expect(bus.readByte(rs: false) == 0x42, "not busy, address 0x42")
  bus.byte(0xC0)
  #expect(bus.readByte(rs: true) == UInt8(ascii: "o"))
  #expect(bus.readByte(rs: true) == UInt8(ascii: "k"))
  #expect(bus.readByte(rs: false) == 0x42)
}

@Test("the glass names a CGRAM glyph by the library glyph with its pixels, a blank one as a space")
func hd44780Controller_glassNamesGlyphs() {
  var bus = Bus()
  bus.initialise()
  bus.byte(0x40 | 8)  // CGRAM slot 1
  for row in 0..<8 { bus.byte(GlyphLibrary.euro.rows[row], rs: true) }
  bus.byte(0x40 | 16)  // slot 2: a shape no glyph has
  for row: UInt8 in 0..<8 { bus.byte(row, rs: true) }
  bus.byte(0x80)
  for code: UInt8 in [1, 2, 0x41] { bus.byte(code, rs: true) }
  let glass = bus.backpack.glass(geometry: .lcd16x2, rom: .a00)
  #expect(TextFrameRenderer.rows(of: glass)[0] == "€\u{FFFD}A             ")
  #expect(glass.backlight)
}

@Test("the backlight is a pin of the backpack, with the wiring's polarity")
func pcf8574Backpack_backlight() {
  var backpack = PCF8574Backpack(wiring: .lcdproc)
  backpack.write(PCF8574Wiring.lcdproc.byte(nibble: 0, rs: false, enable: false, backlight: false))
  #expect(!backpack.backlight)
  backpack.write(0x00)  // P7 low: lit, active low
  #expect(backpack.backlight)
}
