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
  /// `ioctl(fd, I2C_SLAVE, address)`: later transfers go to this 7-bit address.
  mutating func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno>
  /// An SMBus send-byte transfer (`ioctl(fd, I2C_SMBUS, …)`, write, size
  /// byte): one state of the expander's eight pins.
  mutating func sendByte(_ fd: Int32, _ byte: UInt8) -> Result<Void, Errno>
  /// The send-byte transfers of `states`, one after another: how many went
  /// through, and the error that stopped the rest. The default makes one
  /// `sendByte(_:_:)` each; the simulated bus checks its descriptor once
  /// for the group.
  mutating func sendBytes(_ fd: Int32, _ states: ExpanderStates) -> (sent: Int, error: Errno?)
  /// An SMBus receive-byte transfer: the levels on the expander's pins.
  mutating func receiveByte(_ fd: Int32) -> Result<UInt8, Errno>
  /// Waits at least `microseconds`: the controller's execution times.
  mutating func pause(microseconds: Int)
}

extension I2CSystem {
  /// One `sendByte(_:_:)` per state, stopping at the first failure.
  public mutating func sendBytes(_ fd: Int32, _ states: ExpanderStates) -> (
    sent: Int, error: Errno?
  ) {
    var sent = 0
    for byte in states {
      if case .failure(let errno) = sendByte(fd, byte) { return (sent, errno) }
      sent += 1
    }
    return (sent, nil)
  }
}
