import CharacterLCD
import DisplayDriver
import SimulatedPeers
import SystemLayer

/// An I2C system for tests: it records every call and can fail any of them,
/// and passes the bytes to a simulated backpack so reads answer as a module
/// would.
struct RecordingI2CSystem: I2CSystem {
  enum Call: Equatable {
    case open(String)
    case close(Int32)
    case address(UInt8)
    case functionality
    case send(UInt8)
    case write([UInt8], I2CWriteMode)
    case receive
    case pause(Int)
  }

  var calls: [Call] = []
  /// Every call fails with this error while it is set.
  var fault: Errno?
  /// Only the open call fails with this error while it is set.
  var openFault: Errno?
  /// Block transfers of these modes fail with `EOPNOTSUPP` although the
  /// adapter claims them (an adapter's quirk).
  var refused: Set<I2CWriteMode> = []
  var bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27)
  var openDescriptors: Set<Int32> = []
  private var nextDescriptor: Int32 = 3

  init(wiring: PCF8574Wiring = .backpack, functionality: I2CFunctionality = .plainI2C) {
    bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27, wiring: wiring)
    bus.functionality = functionality
  }

  /// The bytes sent, in order, whatever the transfers.
  var sent: [UInt8] {
    calls.flatMap { call -> [UInt8] in
      switch call {
      case .send(let byte): [byte]
      case .write(let bytes, _): bytes
      default: []
      }
    }
  }

  /// The sizes of the write transfers, in order.
  var writeSizes: [Int] {
    calls.compactMap { call in
      switch call {
      case .send: 1
      case .write(let bytes, _): bytes.count
      default: nil
      }
    }
  }

  mutating func open(_ path: String) -> Result<Int32, Errno> {
    calls.append(.open(path))
    if let failure = openFault ?? fault { return .failure(failure) }
    switch bus.open(path) {
    case .success:
      let fd = nextDescriptor
      nextDescriptor += 1
      openDescriptors.insert(fd)
      return .success(fd)
    case .failure(let errno): return .failure(errno)
    }
  }

  mutating func close(_ fd: Int32) {
    calls.append(.close(fd))
    openDescriptors.remove(fd)
  }

  mutating func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno> {
    calls.append(.address(address))
    if let fault { return .failure(fault) }
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return bus.setPeripheralAddress(3, address)
  }

  mutating func sendByte(_ fd: Int32, _ byte: UInt8) -> Result<Void, Errno> {
    calls.append(.send(byte))
    if let fault { return .failure(fault) }
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return bus.sendByte(3, byte)
  }

  mutating func functionality(_ fd: Int32) -> Result<I2CFunctionality, Errno> {
    calls.append(.functionality)
    if let fault { return .failure(fault) }
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return bus.functionality(3)
  }

  mutating func write(
    _ fd: Int32, to address: UInt8, _ bytes: UnsafeRawBufferPointer, as mode: I2CWriteMode
  ) -> Result<Void, Errno> {
    let copy = Array(bytes)
    calls.append(.write(copy, mode))
    if let fault { return .failure(fault) }
    if refused.contains(mode) { return .failure(.notSupported) }
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return bus.write(3, to: address, bytes, as: mode)
  }

  mutating func receiveByte(_ fd: Int32) -> Result<UInt8, Errno> {
    calls.append(.receive)
    if let fault { return .failure(fault) }
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return bus.receiveByte(3)
  }

  mutating func pause(microseconds: Int) {
    calls.append(.pause(microseconds))
  }
}
