import CharacterLCD

/// Where an HD44780 backpack sits and how it is wired:
/// `i2c:/dev/i2c-1@0x27,wiring=backpack,backlight=high`.
public struct I2CDisplaySettings: Sendable, Hashable, CustomStringConvertible {
  /// The adapter's device file, `/dev/i2c-1`.
  public var path: String
  /// The expander's 7-bit address: 0x20–0x27 (PCF8574) or 0x38–0x3F (PCF8574A).
  public var address: UInt8
  /// How the expander's pins reach the module.
  public var wiring: PCF8574Wiring

  /// A backpack at `address` on `path`.
  public init(path: String, address: UInt8, wiring: PCF8574Wiring = .backpack) {
    self.path = path
    self.address = address
    self.wiring = wiring
  }

  /// The backpack of scenarios and the simulator: 0x27 on the simulated
  /// adapter `/dev/i2c-sim`, wired as `wiring`.
  public static func simulated(wiring: PCF8574Wiring = .backpack) -> I2CDisplaySettings {
    I2CDisplaySettings(path: "/dev/i2c-sim", address: 0x27, wiring: wiring)
  }

  /// `/dev/i2c-1@0x27`, as logs name the display.
  public var description: String {
    let hex = String(address, radix: 16)
    return "\(path)@0x\(hex.count < 2 ? "0" + hex : hex)"
  }
}
