import CharacterLCD
import SystemLayer

/// The system calls an I2C display driver makes (Linux i2c-dev), behind a
/// protocol so tests can record, fake and fail every one of them and the
/// scenario runner can put a simulated backpack on the other end.
/// `LinuxI2CSystem` is the real one; drivers are generic over it, so calls
/// are direct, not through an existential.
public protocol I2CSystem {
  /// `open(path, O_RDWR | O_CLOEXEC)`: a descriptor for an adapter (`/dev/i2c-1`).
  mutating func open(_ path: String) -> Result<Int32, Errno>
  /// `close(2)`.
  mutating func close(_ fd: Int32)
  /// `ioctl(fd, I2C_SLAVE, address)`: later SMBus transfers go to this
  /// 7-bit address.
  mutating func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno>
  /// `ioctl(fd, I2C_FUNCS)`: what the adapter can do.
  mutating func functionality(_ fd: Int32) -> Result<I2CFunctionality, Errno>
  /// An SMBus send-byte transfer (`ioctl(fd, I2C_SMBUS, …)`, write, size
  /// byte): one state of the expander's eight pins.
  mutating func sendByte(_ fd: Int32, _ byte: UInt8) -> Result<Void, Errno>
  /// One transfer of two or more states to `address` (the bytes, as
  /// swift-system's `write` takes them), as `mode` says
  /// (`.messages`: `ioctl(fd, I2C_RDWR)` with one write message;
  /// `.i2cBlock`: `ioctl(fd, I2C_SMBUS)`, size I2C block data, the first
  /// byte as the command); at most `mode.maximumBytes`. Not for
  /// `.sendByte`, which is `sendByte(_:_:)` a byte.
  mutating func write(
    _ fd: Int32, to address: UInt8, _ bytes: UnsafeRawBufferPointer, as mode: I2CWriteMode
  ) -> Result<Void, Errno>
  /// An SMBus receive-byte transfer: the levels on the expander's pins.
  mutating func receiveByte(_ fd: Int32) -> Result<UInt8, Errno>
  /// Waits at least `microseconds`: the controller's execution times.
  mutating func pause(microseconds: Int)
}
