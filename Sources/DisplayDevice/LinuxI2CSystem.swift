#if os(Linux)
  import DisplayDriver
  import Glibc
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
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        if fd >= 0 { return .success(fd) }
        if errno != EINTR { return .failure(Errno(errno)) }
      }
    }

    /// `close(2)`.
    public func close(_ fd: Int32) {
      _ = Glibc.close(fd)
    }

    /// `ioctl(fd, I2C_SLAVE, address)`.
    public func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno> {
      retrying { ioctl(fd, LinuxI2CSystem.i2cSlave, CInt(address)) }.map { _ in () }
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
      return retrying { ioctl(fd, LinuxI2CSystem.i2cFuncs, &bits) }
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

    /// `struct i2c_msg` (linux/i2c.h): addr u16 at 0, flags u16 at 2, len
    /// u16 at 4, buf pointer at 8; `struct i2c_rdwr_ioctl_data`: msgs
    /// pointer at 0, nmsgs u32 at 8. 16 bytes each on 64-bit.
    private func message(
      _ fd: Int32, address: UInt8, _ bytes: UnsafeRawPointer, count: Int
    ) -> Result<Void, Errno> {
      withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { memory in
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        guard let base = memory.baseAddress else { return .failure(.invalidArgument) }
        let message = base + 16
        message.storeBytes(of: UInt16(address), toByteOffset: 0, as: UInt16.self)
        message.storeBytes(of: UInt16(count), toByteOffset: 4, as: UInt16.self)
        message.storeBytes(
          of: UnsafeMutableRawPointer(mutating: bytes), toByteOffset: 8,
          as: UnsafeMutableRawPointer.self)
        base.storeBytes(of: message, toByteOffset: 0, as: UnsafeMutableRawPointer.self)
        base.storeBytes(of: UInt32(1), toByteOffset: 8, as: UInt32.self)
        return retrying { ioctl(fd, LinuxI2CSystem.i2cRDWR, base) }.map { _ in () }
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
        tv_sec: microseconds / 1_000_000, tv_nsec: (microseconds % 1_000_000) * 1000)
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// `struct i2c_smbus_ioctl_data` (linux/i2c-dev.h): read_write u8 at 0,
    /// command u8 at 1, size u32 at 4, data pointer at 8; 16 bytes on 64-bit.
    private func smbus(
      _ fd: Int32, readWrite: UInt8, command: UInt8, size: UInt32, data: UnsafeMutableRawPointer?
    ) -> Result<Int32, Errno> {
      // On the stack: steady state allocates nothing.
      withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { arguments in
        arguments.initializeMemory(as: UInt8.self, repeating: 0)
        arguments[0] = readWrite
        arguments[1] = command
        arguments.storeBytes(of: size, toByteOffset: 4, as: UInt32.self)
        arguments.storeBytes(of: data, toByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        guard let base = arguments.baseAddress else { return .failure(.invalidArgument) }
        return retrying { ioctl(fd, LinuxI2CSystem.i2cSMBus, base) }
      }
    }

    private func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
      while true {
        let status = call()
        if status >= 0 { return .success(status) }
        if errno != EINTR { return .failure(Errno(errno)) }
      }
    }

    // linux/i2c-dev.h and linux/i2c.h; Glibc does not import them.
    private static let i2cSlave: UInt = 0x0703
    private static let i2cFuncs: UInt = 0x0705
    private static let i2cRDWR: UInt = 0x0707
    private static let i2cSMBus: UInt = 0x0720
    private static let smbusWrite: UInt8 = 0
    private static let smbusRead: UInt8 = 1
    private static let smbusByte: UInt32 = 1
    private static let smbusI2CBlockData: UInt32 = 8
  }
#endif
