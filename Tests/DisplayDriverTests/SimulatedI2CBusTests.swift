import CharacterLCD
import DisplayDriver
import SystemLayer
import Testing

@Test("a group of states reaches the backpack in order, or none of it while the bus fails")
func simulatedI2CBus_sendsGroupsWhole() throws {
  var bus = SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27)
  let fd = try bus.open("/dev/i2c-1").get()
  try bus.setPeripheralAddress(fd, 0x27).get()
  var encoder = PCF8574Encoder(wiring: .backpack)
  let states = encoder.states(of: .data(0x41))
  let before = bus.backpack.bytesWritten
  let sent = bus.sendBytes(fd, states)
  #expect(sent.sent == 5 && sent.error == nil)
  #expect(bus.backpack.bytesWritten == before + 5)
  #expect(bus.backpack.pins == Array(states).last)

  bus.fault = .ioError
  let refused = bus.sendBytes(fd, states)
  #expect(refused.sent == 0 && refused.error == .ioError)
  #expect(bus.backpack.bytesWritten == before + 5, "nothing reached the backpack")
  bus.fault = nil
  try bus.setPeripheralAddress(fd, 0x20).get()
  #expect(bus.sendBytes(fd, states).error == .noSuchDeviceOrAddress, "nothing answers at 0x20")
}
