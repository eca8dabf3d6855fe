import CharacterLCD
import LCDTestSupport
import TestSupport
import Testing

@Test("the two wiring presets put each signal on the pin of their tables")
func pcf8574Wiring_presets() {
  // Usual backpack: P0 RS, P1 RW, P2 E, P3 backlight (high = on), P4–P7 D4–D7.
  let backpack = PCF8574Wiring.backpack
  #expect(backpack.byte(nibble: 0, rs: true, enable: false, backlight: false) == 0b0000_0001)
  #expect(backpack.byte(nibble: 0, rs: false, enable: true, backlight: false) == 0b0000_0100)
  #expect(backpack.byte(nibble: 0, rs: false, enable: false, backlight: true) == 0b0000_1000)
  #expect(backpack.byte(nibble: 0xA, rs: false, enable: false, backlight: false) == 0b1010_0000)
  // lcdproc: P0–P3 D4–D7, P4 RS, P5 RW, P6 E, P7 backlight (low = on).
  let lcdproc = PCF8574Wiring.lcdproc
  #expect(lcdproc.byte(nibble: 0xA, rs: true, enable: true, backlight: true) == 0b0101_1010)
  #expect(lcdproc.byte(nibble: 0, rs: false, enable: false, backlight: false) == 0b1000_0000)
}

@Test("a wiring must use each of the eight pins once")
func pcf8574Wiring_refusesClashes() {
  #expect(
    PCF8574Wiring(
      rs: 0, rw: 1, enable: 2, backlight: 3, d4: 4, d5: 5, d6: 6, d7: 7, backlightActiveHigh: true)
      != nil)
  #expect(
    PCF8574Wiring(
      rs: 0, rw: 0, enable: 2, backlight: 3, d4: 4, d5: 5, d6: 6, d7: 7, backlightActiveHigh: true)
      == nil)
  #expect(
    PCF8574Wiring(
      rs: 0, rw: 1, enable: 2, backlight: 3, d4: 4, d5: 5, d6: 6, d7: 8, backlightActiveHigh: true)
      == nil)
}

@Test(
  "an instruction is two nibbles, high first: RS set up with E low, then E high and low for each")
func pcf8574Encoder_commandBytes() {
  var encoder = PCF8574Encoder(wiring: .backpack)
  var bytes: [UInt8] = []
  encoder.encode(.command(0x80), into: &bytes)
  // 0x8 then 0x0, backlight on (P3), RS low.
  #expect(bytes == [0x88, 0x8C, 0x88, 0x0C, 0x08])
  bytes.removeAll()
  encoder.encode(.data(0x48), into: &bytes)
  #expect(bytes == [0x49, 0x4D, 0x49, 0x8D, 0x89])
}

@Test("a transfer's expander bytes come out in the order they went in, up to eight")
func expanderStates_keepOrder() {
  var states = ExpanderStates()
  #expect(Array(states).isEmpty)
  for byte: UInt8 in [0xFF, 0x00, 0x81, 0x7E, 0x01, 0x80, 0x55, 0xAA] { states.append(byte) }
  #expect(states.count == 8)
  #expect(Array(states) == [0xFF, 0x00, 0x81, 0x7E, 0x01, 0x80, 0x55, 0xAA])
  var encoder = PCF8574Encoder(wiring: .lcdproc)
  var bytes: [UInt8] = []
  encoder.encode(.data(0xA5), into: &bytes)
  #expect(Array(encoder.states(of: .data(0xA5))) == bytes)
}

@Test(
  "random transfers come back unchanged through an independent backpack decoder, both wirings",
  arguments: [0, 1])
func pcf8574Encoder_roundTrip(preset: Int) {
  let wiring = preset == 0 ? PCF8574Wiring.backpack : PCF8574Wiring.lcdproc
  var decoder = preset == 0 ? BackpackDecoder.backpack : BackpackDecoder.lcdproc
  var random = SplitMix64(seed: 0x9C_F857_4000 + UInt64(preset))
  var encoder = PCF8574Encoder(wiring: wiring)
  // The module starts with an 8-bit interface: the initialisation's four
  // nibbles are whole instructions (low bits floating high) and leave it in
  // 4-bit mode.
  // The first byte also shows the backlight pin's state.
  var writes: [HD44780Write] = [
    .backlight(true), .command(0x3F), .command(0x3F), .command(0x3F), .command(0x2F),
  ]
  var bytes: [UInt8] = []
  for nibble: UInt8 in [0x3, 0x3, 0x3, 0x2] {
    bytes.append(contentsOf: encoder.initNibbleStates(nibble))
  }
  var backlight = true
  for _ in 0..<2000 {
    var value = UInt8(truncatingIfNeeded: random.next())
    // A function set for 8 bits would leave 4-bit mode; keep it at 4.
    if value & 0xF0 == 0x30 { value &= 0xEF }
    let write: HD44780Write
    switch random.next() % 10 {
    case 0:
      backlight.toggle()
      write = .backlight(backlight)
    case 1, 2, 3: write = .command(value)
    default: write = .data(value)
    }
    writes.append(write)
    encoder.encode(write, into: &bytes)
  }
  decoder.feed(bytes)
  #expect(decoder.writes == writes)
  #expect(decoder.readsSeen == 0, "the encoder never reads")
}
