import CLinux
import DisplayDriver
import SystemLayer

/// The real I2C system: Linux i2c-dev through Glibc's `open` and `ioctl`
/// (kernel Documentation/i2c/dev-interface.rst). Bytes go as the adapter
/// allows (`I2C_FUNCS`): one `I2C_RDWR` message, SMBus I2C-block writes,
/// or SMBus send-byte transfers, which every adapter supports or emulates
/// (the kernel's `i2c-stub` refuses a plain `write()` and `I2C_RDWR`).
public struct LinuxI2CSystem: I2CSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `open(path, O_RDWR | O_CLOEXEC)`.
  public func open(_ path: String) -> Result<Int32, Errno> {
    while true {
      let fd = t9_open(path, O_RDWR | O_CLOEXEC, 0)
      if fd >= 0 { return .success(fd) }
      if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
    }
  }

  /// `close(2)`.
  public func close(_ fd: Int32) {
    _ = CLinux.close(fd)
  }

  /// `ioctl(fd, I2C_SLAVE, address)`.
  public func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno> {
    retrying { t9_ioctl_value(fd, t9_i2c_slave(), UInt(address)) }.map { _ in () }
  }

  /// `ioctl(fd, I2C_SMBUS, {write, byte, size byte, no data})`.
  public func sendByte(_ fd: Int32, _ byte: UInt8) -> Result<Void, Errno> {
    smbus(
      fd, readWrite: LinuxI2CSystem.smbusWrite, command: byte, size: LinuxI2CSystem.smbusByte,
      data: nil
    ).map { _ in () }
  }

  /// `ioctl(fd, I2C_FUNCS, &bits)`.
  public func functionality(_ fd: Int32) -> Result<I2CFunctionality, Errno> {
    var bits: UInt = 0
    return retrying { t9_ioctl_pointer(fd, t9_i2c_funcs(), &bits) }
      .map { _ in I2CFunctionality(rawValue: bits) }
  }

  /// One transfer: `ioctl(fd, I2C_RDWR, {one write message})` or
  /// `ioctl(fd, I2C_SMBUS, {write, bytes[0], size I2C block data,
  /// {count - 1, bytes[1...]}})`.
  public func write(
    _ fd: Int32, to address: UInt8, _ bytes: UnsafeRawBufferPointer, as mode: I2CWriteMode
  ) -> Result<Void, Errno> {
    guard bytes.count >= 2, bytes.count <= mode.maximumBytes else {
      return .failure(.invalidArgument)
    }
    switch mode {
    case .messages:
      guard let base = bytes.baseAddress else { return .failure(.invalidArgument) }
      return message(fd, address: address, base, count: bytes.count)
    case .i2cBlock:
      // union i2c_smbus_data: block[0] is the length, block[1...] the data.
      return withUnsafeTemporaryAllocation(byteCount: 34, alignment: 8) { data in
        data.initializeMemory(as: UInt8.self, repeating: 0)
        data[0] = UInt8(bytes.count - 1)
        for index in 1..<bytes.count { data[index] = bytes[index] }
        return smbus(
          fd, readWrite: LinuxI2CSystem.smbusWrite, command: bytes[0],
          size: LinuxI2CSystem.smbusI2CBlockData, data: data.baseAddress
        ).map { _ in () }
      }
    case .sendByte:
      return .failure(.invalidArgument)
    }
  }

  /// `struct i2c_rdwr_ioctl_data` with one `struct i2c_msg` (linux/i2c.h,
  /// linux/i2c-dev.h), laid out by the C headers of the target.
  private func message(
    _ fd: Int32, address: UInt8, _ bytes: UnsafeRawPointer, count: Int
  ) -> Result<Void, Errno> {
    var message = i2c_msg()
    message.addr = UInt16(address)
    message.flags = 0
    message.len = UInt16(count)
    message.buf = UnsafeMutablePointer(
      mutating: bytes.assumingMemoryBound(to: UInt8.self))
    return withUnsafeMutablePointer(to: &message) { pointer in
      var transfer = i2c_rdwr_ioctl_data(msgs: pointer, nmsgs: 1)
      return retrying { t9_ioctl_pointer(fd, t9_i2c_rdwr(), &transfer) }.map { _ in () }
    }
  }

  /// `ioctl(fd, I2C_SMBUS, {read, 0, size byte, &data})`.
  public func receiveByte(_ fd: Int32) -> Result<UInt8, Errno> {
    // union i2c_smbus_data is 34 bytes; the byte read lands in the first.
    withUnsafeTemporaryAllocation(byteCount: 34, alignment: 8) { data in
      data.initializeMemory(as: UInt8.self, repeating: 0)
      return smbus(
        fd, readWrite: LinuxI2CSystem.smbusRead, command: 0, size: LinuxI2CSystem.smbusByte,
        data: data.baseAddress
      ).map { _ in data[0] }
    }
  }

  /// `nanosleep(2)`, resumed after signals until the time has passed.
  public func pause(microseconds: Int) {
    guard microseconds > 0 else { return }
    var request = timespec(
      tv_sec: .init(microseconds / 1_000_000), tv_nsec: .init(microseconds % 1_000_000 * 1000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && t9_errno() == EINTR { request = remaining }
  }

  /// `struct i2c_smbus_ioctl_data` (linux/i2c-dev.h), laid out by the C
  /// headers of the target; on the stack: steady state allocates nothing.
  private func smbus(
    _ fd: Int32, readWrite: UInt8, command: UInt8, size: UInt32, data: UnsafeMutableRawPointer?
  ) -> Result<Int32, Errno> {
    var arguments = i2c_smbus_ioctl_data(
      read_write: readWrite, command: command, size: size,
      data: data?.assumingMemoryBound(to: i2c_smbus_data.self))
    return retrying { t9_ioctl_pointer(fd, t9_i2c_smbus(), &arguments) }
  }

  private func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
    while true {
      let status = call()
      if status >= 0 { return .success(status) }
      if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
    }
  }

  // linux/i2c.h
  private static let smbusWrite: UInt8 = 0
  private static let smbusRead: UInt8 = 1
  private static let smbusByte: UInt32 = 1
  private static let smbusI2CBlockData: UInt32 = 8
}
