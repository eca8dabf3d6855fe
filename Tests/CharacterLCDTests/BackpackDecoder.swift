import CharacterLCD

/// Reads the bytes a PCF8574 backpack receives back into HD44780 transfers,
/// the way the module sees them: a nibble is latched from D4–D7 when E
/// falls, two nibbles (high first) make a byte, RS says instruction or data;
/// a change of the backlight pin is a backlight transfer. Written from the
/// datasheet and the pin tables, independently of `PCF8574Encoder`.
struct BackpackDecoder {
  /// Pin numbers: RS, RW, E, backlight, D4, D5, D6, D7.
  let rs: Int
  let rw: Int
  let enable: Int
  let backlight: Int
  let data: [Int]
  let backlightActiveHigh: Bool
  private var previous: UInt8?
  private var highNibble: UInt8?
  private var backlightOn: Bool?
  private(set) var writes: [HD44780Write] = []
  private(set) var readsSeen = 0

  /// The usual backpack, from its pin table.
  static let backpack = BackpackDecoder(
    rs: 0, rw: 1, enable: 2, backlight: 3, data: [4, 5, 6, 7], backlightActiveHigh: true)
  /// lcdproc's default, from its pin table.
  static let lcdproc = BackpackDecoder(
    rs: 4, rw: 5, enable: 6, backlight: 7, data: [0, 1, 2, 3], backlightActiveHigh: false)

  init(rs: Int, rw: Int, enable: Int, backlight: Int, data: [Int], backlightActiveHigh: Bool) {
    self.rs = rs
    self.rw = rw
    self.enable = enable
    self.backlight = backlight
    self.data = data
    self.backlightActiveHigh = backlightActiveHigh
  }

  /// The module's view of the backlight before any byte: unknown.
  mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { feed(byte) }
  }

  private func pin(_ byte: UInt8, _ number: Int) -> Bool { byte & (1 << number) != 0 }

  private mutating func feed(_ byte: UInt8) {
    let on = pin(byte, backlight) == backlightActiveHigh
    if backlightOn != on {
      if backlightOn != nil || !on { writes.append(.backlight(on)) }
      backlightOn = on
    }
    defer { previous = byte }
    guard let previous, pin(previous, enable), !pin(byte, enable) else { return }
    if pin(previous, rw) { readsSeen += 1 }
    var nibble: UInt8 = 0
    for (bit, number) in data.enumerated() where pin(previous, number) { nibble |= 1 << bit }
    guard let high = highNibble else {
      highNibble = nibble
      return
    }
    highNibble = nil
    let value = high << 4 | nibble
    writes.append(pin(previous, rs) ? .data(value) : .command(value))
  }
}
