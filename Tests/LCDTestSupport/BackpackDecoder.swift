import CharacterLCD

/// Reads the bytes a PCF8574 backpack receives back into HD44780 transfers,
/// the way the module sees them: a nibble is latched from D4–D7 when E
/// falls, two nibbles (high first) make a byte, RS says instruction or data;
/// a change of the backlight pin is a backlight transfer. Like the module,
/// it starts with an 8-bit interface (a nibble is a whole instruction, its
/// low bits floating high) and follows function set between 8 and 4 bits;
/// E pulses with RW high are reads and latch nothing. Written from the
/// datasheet and the pin tables, independently of `PCF8574Encoder`.
public struct BackpackDecoder: Sendable {
  /// The RS pin.
  public let rs: Int
  /// The RW pin.
  public let rw: Int
  /// The E pin.
  public let enable: Int
  /// The backlight pin.
  public let backlight: Int
  /// The pins of D4, D5, D6, D7.
  public let data: [Int]
  /// Whether the backlight is on when its pin is high.
  public let backlightActiveHigh: Bool
  private var previous: UInt8?
  private var highNibble: UInt8?
  private var eightBit = true
  private var backlightOn: Bool?
  /// The transfers decoded so far.
  public private(set) var writes: [HD44780Write] = []
  /// E pulses with RW high (reads), which latch nothing.
  public private(set) var readsSeen = 0
  /// Bytes that broke the write timing a real module needs: RS or RW
  /// changed with an edge of E (tAS, tAH), or D4–D7 changed as E fell
  /// (tDSW, tH). The data lines may change as E rises.
  public private(set) var hazards = 0

  /// The usual backpack, from its pin table.
  public static let backpack = BackpackDecoder(
    rs: 0, rw: 1, enable: 2, backlight: 3, data: [4, 5, 6, 7], backlightActiveHigh: true)
  /// lcdproc's default, from its pin table.
  public static let lcdproc = BackpackDecoder(
    rs: 4, rw: 5, enable: 6, backlight: 7, data: [0, 1, 2, 3], backlightActiveHigh: false)

  /// A decoder for a wiring given pin by pin.
  public init(rs: Int, rw: Int, enable: Int, backlight: Int, data: [Int], backlightActiveHigh: Bool)
  {
    self.rs = rs
    self.rw = rw
    self.enable = enable
    self.backlight = backlight
    self.data = data
    self.backlightActiveHigh = backlightActiveHigh
  }

  /// The module's view of the backlight before any byte: unknown.
  public mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { feed(byte) }
  }

  private func pin(_ byte: UInt8, _ number: Int) -> Bool { byte & (1 << number) != 0 }

  private mutating func feed(_ byte: UInt8) {
    let on = pin(byte, backlight) == backlightActiveHigh
    if backlightOn != on {
      writes.append(.backlight(on))
      backlightOn = on
    }
    defer { previous = byte }
    if let previous, pin(previous, enable) != pin(byte, enable) {
      let control = pin(previous, rs) != pin(byte, rs) || pin(previous, rw) != pin(byte, rw)
      let falling = pin(previous, enable)
      let dataMoved = data.contains { pin(previous, $0) != pin(byte, $0) }
      if control || (falling && dataMoved) { hazards += 1 }
    }
    guard let previous, pin(previous, enable), !pin(byte, enable) else { return }
    if pin(previous, rw) {
      readsSeen += 1
      return
    }
    var nibble: UInt8 = 0
    for (bit, number) in data.enumerated() where pin(previous, number) { nibble |= 1 << bit }
    let value: UInt8
    if eightBit {
      value = nibble << 4 | 0x0F
    } else if let high = highNibble {
      highNibble = nil
      value = high << 4 | nibble
    } else {
      highNibble = nibble
      return
    }
    let isData = pin(previous, rs)
    if !isData && value & 0xE0 == 0x20 {
      eightBit = value & 0x10 != 0
      highNibble = nil
    }
    writes.append(isData ? .data(value) : .command(value))
  }
}
