/// How the display driver puts expander states on the bus: as many to a
/// transfer as the adapter takes. Each transfer pays a start, the address
/// with its acknowledge, and a stop; each byte then costs only its nine
/// clocks, so a typing key press (about 26 states) takes about a third of
/// the time in one transfer that it takes in 26.
public enum I2CWriteMode: Sendable, Hashable, CustomStringConvertible {
  /// One write message through `I2C_RDWR`, of up to `maximumBytes`.
  case messages
  /// SMBus I2C-block writes: the first state as the command byte, up to 32
  /// more as the block.
  case i2cBlock
  /// One SMBus send-byte transfer a state: what every adapter offers.
  case sendByte

  /// The best mode `functionality` allows.
  public init(_ functionality: I2CFunctionality) {
    if functionality.contains(.messages) {
      self = .messages
    } else if functionality.contains(.writeI2CBlock) {
      self = .i2cBlock
    } else {
      self = .sendByte
    }
  }

  /// The most expander states one transfer carries. A message could be
  /// longer (i2c-dev takes 8192 bytes, and the PCF8574 has no limit), but
  /// some adapters cut long messages and 128 bytes already leave the
  /// per-transfer cost under 1 %.
  public var maximumBytes: Int {
    switch self {
    case .messages: 128
    case .i2cBlock: 33
    case .sendByte: 1
    }
  }

  /// The mode to fall back to when an adapter refuses this one's
  /// transfers although it said it could make them: the best of what
  /// `functionality` offers below this mode.
  public func fallback(_ functionality: I2CFunctionality) -> I2CWriteMode {
    switch self {
    case .messages: I2CWriteMode(functionality.subtracting(.messages))
    case .i2cBlock, .sendByte: .sendByte
    }
  }

  /// `I2C messages`, `SMBus I2C-block writes`, `SMBus send byte`.
  public var description: String {
    switch self {
    case .messages: "I2C messages"
    case .i2cBlock: "SMBus I2C-block writes"
    case .sendByte: "SMBus send byte"
    }
  }
}
