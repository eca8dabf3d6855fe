import DisplayDriver
import Testing

@Test("a module on I2C and LCDd are devices; the terminal, text and none are not")
func displaySpecNamesDevices() throws {
  for text in ["i2c:/dev/i2c-1@0x27", "lcdproc", "lcdproc:display.local:13667"] {
    #expect(try DisplaySpec.parse(text).get().isDevice, "\(text)")
  }
  for text in ["terminal", "text", "none"] {
    #expect(try !DisplaySpec.parse(text).get().isDevice, "\(text)")
  }
}
