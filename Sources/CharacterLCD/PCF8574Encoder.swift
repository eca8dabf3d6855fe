/// Turns HD44780 transfers into the bytes a PCF8574 backpack is sent over
/// I2C, for a module in 4-bit mode: each byte goes as its high nibble then
/// its low nibble, with RS for data and the backlight pin held as last set.
/// The high nibble is three expander states (E low with RS set up, E high,
/// E low — the module latches on the falling edge); the low nibble needs
/// only two (E high with its data, E low), as RS and RW are already set up
/// and the data is only latched when E falls. Five bytes a transfer, not
/// six: a sixth less time on a 100 kHz bus.
public struct PCF8574Encoder: Sendable {
  /// The wiring of the backpack.
  public let wiring: PCF8574Wiring
  /// Whether the backlight is on (kept on every byte sent).
  public private(set) var backlight: Bool

  /// An encoder for `wiring`, the backlight on.
  public init(wiring: PCF8574Wiring, backlight: Bool = true) {
    self.wiring = wiring
    self.backlight = backlight
  }

  /// The expander bytes of one transfer (five for an instruction or a data
  /// byte, one for a change of the backlight).
  public mutating func states(of write: HD44780Write) -> ExpanderStates {
    switch write {
    case .command(let byte): return byteStates(byte, rs: false)
    case .data(let byte): return byteStates(byte, rs: true)
    case .backlight(let on):
      backlight = on
      var states = ExpanderStates()
      states.append(wiring.byte(nibble: 0, rs: false, enable: false, backlight: on))
      return states
    }
  }

  /// A byte's five states: the high nibble with E low, high, low, then the
  /// low nibble with E high, low.
  private func byteStates(_ byte: UInt8, rs: Bool) -> ExpanderStates {
    let high = UInt64(wiring.byte(nibble: byte >> 4, rs: rs, enable: false, backlight: backlight))
    let low = UInt64(wiring.byte(nibble: byte & 0x0F, rs: rs, enable: false, backlight: backlight))
    let enable = UInt64(wiring.enableMask)
    return ExpanderStates(
      packed: high | (high | enable) << 8 | high << 16 | (low | enable) << 24 | low << 32, count: 5)
  }

  /// The expander bytes of one transfer, appended to `bytes`.
  public mutating func encode(_ write: HD44780Write, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: states(of: write))
  }

  /// The expander bytes of a single nibble with RS low: what the power-on
  /// initialisation sends (0x3 three times, then 0x2) before the module is
  /// in 4-bit mode.
  public func initNibbleStates(_ nibble: UInt8) -> ExpanderStates {
    var states = ExpanderStates()
    appendNibble(nibble & 0x0F, rs: false, into: &states)
    return states
  }

  /// A nibble with RS set up first: E low, high, low.
  private func appendNibble(_ nibble: UInt8, rs: Bool, into states: inout ExpanderStates) {
    let low = wiring.byte(nibble: nibble, rs: rs, enable: false, backlight: backlight)
    states.append(low)
    states.append(low | wiring.enableMask)
    states.append(low)
  }
}
