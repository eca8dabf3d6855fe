/// Turns HD44780 transfers into the bytes a PCF8574 backpack is sent over
/// I2C, for a module in 4-bit mode: each byte goes as its high nibble then
/// its low nibble, each nibble as three expander states (E low, E high, E
/// low — the module latches on the falling edge), with RS for data and the
/// backlight pin held as last set.
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

  /// The expander bytes of one transfer, appended to `bytes` (six for an
  /// instruction or a data byte, one for a change of the backlight).
  public mutating func encode(_ write: HD44780Write, into bytes: inout [UInt8]) {
    switch write {
    case .command(let byte):
      appendNibble(byte >> 4, rs: false, into: &bytes)
      appendNibble(byte & 0x0F, rs: false, into: &bytes)
    case .data(let byte):
      appendNibble(byte >> 4, rs: true, into: &bytes)
      appendNibble(byte & 0x0F, rs: true, into: &bytes)
    case .backlight(let on):
      backlight = on
      bytes.append(wiring.byte(nibble: 0, rs: false, enable: false, backlight: on))
    }
  }

  /// The expander bytes of a single nibble with RS low: what the power-on
  /// initialisation sends (0x3 three times, then 0x2) before the module is
  /// in 4-bit mode.
  public func encodeInitNibble(_ nibble: UInt8, into bytes: inout [UInt8]) {
    appendNibble(nibble & 0x0F, rs: false, into: &bytes)
  }

  private func appendNibble(_ nibble: UInt8, rs: Bool, into bytes: inout [UInt8]) {
    let low = wiring.byte(nibble: nibble, rs: rs, enable: false, backlight: backlight)
    let high = wiring.byte(nibble: nibble, rs: rs, enable: true, backlight: backlight)
    bytes.append(low)
    bytes.append(high)
    bytes.append(low)
  }
}
