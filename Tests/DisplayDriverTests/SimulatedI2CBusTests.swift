import CharacterLCD
import DisplayDriver
import SimulatedPeers
import SystemLayer
import Testing

/// One block transfer of `bytes` on `bus`.
private func write(
  _ bus: inout SimulatedI2CBus, _ fd: Int32, _ address: UInt8, _ bytes: [UInt8],
  _ mode: I2CWriteMode
) -> Result<Void, Errno> {
  bytes.withUnsafeBytes { bus.write(fd, to: address, $0, as: mode) }
}

/// The error of a failed call, nil if it succeeded.
private func failure(_ result: Result<Void, Errno>) -> Errno? {
  if case .failure(let errno) = result { errno } else { nil }
}

@Test(
  "a block of states reaches the backpack in order, or none of it while the bus fails; what the adapter lacks is EOPNOTSUPP"
)
func simulatedI2CBus_sendsBlocksWhole() throws {
  var bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27)
  let fd = try bus.open("/dev/i2c-1").get()
  try bus.setPeripheralAddress(fd, 0x27).get()
  #expect(try bus.functionality(fd).get() == .plainI2C)
  var encoder = PCF8574Encoder(wiring: .backpack)
  let states = Array(encoder.states(of: .data(0x41)))
  let before = bus.backpack.bytesWritten
  #expect((try? write(&bus, fd, 0x27, states, .messages).get()) != nil)
  #expect(bus.backpack.bytesWritten == before + 5)
  #expect(bus.backpack.pins == states.last)
  #expect((try? write(&bus, fd, 0x27, states, .i2cBlock).get()) != nil)
  #expect(bus.backpack.bytesWritten == before + 10)

  bus.fault = .ioError
  #expect(failure(write(&bus, fd, 0x27, states, .messages)) == .ioError)
  #expect(bus.backpack.bytesWritten == before + 10, "nothing reached the backpack")
  bus.fault = nil
  #expect(
    failure(write(&bus, fd, 0x20, states, .messages)) == .noSuchDeviceOrAddress,
    "nothing answers at 0x20")
  let long = [UInt8](repeating: 0x08, count: 34)
  #expect(failure(write(&bus, fd, 0x27, long, .i2cBlock)) == .invalidArgument)
  bus.functionality = .smbus
  #expect(failure(write(&bus, fd, 0x27, states, .messages)) == .notSupported)
  try bus.setPeripheralAddress(fd, 0x20).get()
  #expect(
    failure(write(&bus, fd, 0x27, states, .i2cBlock)) == .noSuchDeviceOrAddress,
    "an SMBus block goes to the address I2C_SLAVE set")
}
