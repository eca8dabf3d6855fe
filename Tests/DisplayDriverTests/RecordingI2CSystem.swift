import CharacterLCD
import DisplayDriver
import SystemLayer

/// An I2C system for tests: it records every call and can fail any of them,
/// and passes the bytes to a simulated backpack so reads answer as a module
/// would.
struct RecordingI2CSystem: I2CSystem {
  enum Call: Equatable {
    case open(String)
    case close(Int32)
    case address(UInt8)
    case send(UInt8)
    case receive
    case pause(Int)
  }

  var calls: [Call] = []
  /// Every call fails with this error while it is set.
  var fault: Errno?
  /// Only the open call fails with this error while it is set.
  var openFault: Errno?
  var bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27)
  var openDescriptors: Set<Int32> = []
  private var nextDescriptor: Int32 = 3

  init(wiring: PCF8574Wiring = .backpack) {
    bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27, wiring: wiring)
  }

  /// The bytes sent, in order.
  var sent: [UInt8] {
    calls.compactMap { if case .send(let byte) = $0 { byte } else { nil } }
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
