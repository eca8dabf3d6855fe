/// What an I2C adapter can do, as `ioctl(fd, I2C_FUNCS)` tells it
/// (linux/i2c.h): the few bits the display driver asks about to choose how
/// it writes.
public struct I2CFunctionality: OptionSet, Sendable, Hashable {
  /// The bits of `I2C_FUNC_*`.
  public let rawValue: UInt

  /// Functionality from the bits `I2C_FUNCS` returned.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// `I2C_FUNC_I2C`: plain I2C messages (`I2C_RDWR`) of any length.
  public static let messages = I2CFunctionality(rawValue: 0x0000_0001)
  /// `I2C_FUNC_SMBUS_WRITE_BYTE`: SMBus send byte.
  public static let sendByte = I2CFunctionality(rawValue: 0x0004_0000)
  /// `I2C_FUNC_SMBUS_READ_BYTE`: SMBus receive byte.
  public static let receiveByte = I2CFunctionality(rawValue: 0x0002_0000)
  /// `I2C_FUNC_SMBUS_WRITE_I2C_BLOCK`: SMBus I2C-block writes (a command
  /// byte and up to 32 data bytes in one transfer).
  public static let writeI2CBlock = I2CFunctionality(rawValue: 0x0800_0000)

  /// What a Raspberry Pi's adapter offers (`i2c-bcm2835`: plain I2C, and
  /// SMBus emulated on top of it), and what the simulated bus offers by
  /// default.
  public static let plainI2C: I2CFunctionality = [
    .messages, .sendByte, .receiveByte, .writeI2CBlock,
  ]
  /// What an SMBus-only adapter such as the kernel's `i2c-stub` offers.
  public static let smbus: I2CFunctionality = [.sendByte, .receiveByte, .writeI2CBlock]
  /// An adapter with SMBus byte transfers and nothing larger.
  public static let byteOnly: I2CFunctionality = [.sendByte, .receiveByte]
}
