import CharacterLCD

/// Which driver feeds a scenario's simulated glass (`display i2c`, the
/// default, or `display lcdproc`), and for I2C how the backpack is wired
/// (`display i2c wiring=lcdproc`).
public enum ScenarioDisplay: Sendable, Hashable {
  /// The HD44780 driver on a simulated PCF8574 backpack and module.
  case i2c(PCF8574Wiring)
  /// The LCDd client talking to a simulated LCDd.
  case lcdproc
}
