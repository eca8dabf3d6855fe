/// One transfer to an HD44780 module: an instruction (RS=0), a data byte
/// (RS=1), or a change of the backlight pin (not part of the controller, but
/// driven on the same bus by the usual I2C backpack).
public enum HD44780Write: Sendable, Hashable, CustomStringConvertible {
  /// An instruction byte, RS=0.
  case command(UInt8)
  /// A data byte for DDRAM or CGRAM, RS=1.
  case data(UInt8)
  /// The backlight on or off.
  case backlight(Bool)

  /// A readable line: `cmd 0x80 set DDRAM 0x00`, `data 0x48 'H'`.
  public var description: String {
    switch self {
    case .command(let byte): "cmd  \(hex(byte)) \(HD44780Instruction.describe(byte))"
    case .data(let byte):
      (0x20..<0x7F).contains(byte)
        ? "data \(hex(byte)) '\(Character(Unicode.Scalar(byte)))'" : "data \(hex(byte))"
    case .backlight(let on): "backlight \(on ? "on" : "off")"
    }
  }

  private func hex(_ byte: UInt8) -> String { HD44780Instruction.hex(byte) }
}
