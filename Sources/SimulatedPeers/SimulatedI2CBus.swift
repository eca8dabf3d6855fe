import CharacterLCD
import DisplayDriver
import SystemLayer

/// An I2C adapter with a simulated backpack and module at one address: what
/// the scenario runner and the simulator put behind the display driver, so
/// they run the driver's own code. It can be told to fail, as a real bus
/// does, to show what the driver does then.
public struct SimulatedI2CBus: I2CSystem, Sendable {
  /// The adapter's device file.
  public let path: String
  /// The backpack's address.
  public let address: UInt8
  /// The backpack and module on the bus.
  public private(set) var backpack: PCF8574Backpack
  /// Calls that fail with this error until it is cleared (a bus fault).
  public var fault: Errno?
  /// What the adapter says it can do (a Raspberry Pi's by default: plain
  /// I2C messages and SMBus); a transfer it cannot make fails with
  /// `EOPNOTSUPP`, as the kernel's do.
  public var functionality = I2CFunctionality.plainI2C
  /// Microseconds the driver has paused.
  public private(set) var pausedMicroseconds = 0
  private var openDescriptor: Int32?
  private var addressed = false

  /// The module's size: how its DDRAM becomes the glass.
  public let geometry: LCDGeometry
  /// The module's character ROM: how its codes and CGRAM become the glass.
  public let rom: CharacterROM

  /// A bus at `path` with a just-powered module of `geometry` with `rom`,
  /// wired as `wiring` at `address`.
  public init(
    path: String = "/dev/i2c-1", address: UInt8 = 0x27, wiring: PCF8574Wiring = .backpack,
    geometry: LCDGeometry = .lcd16x2, rom: CharacterROM = .a00
  ) {
    self.path = path
    self.address = address
    self.geometry = geometry
    self.rom = rom
    backpack = PCF8574Backpack(wiring: wiring)
  }

  /// What the module shows: its cells, glyphs, cursor and backlight.
  public var glass: LCDFrame { backpack.glass(geometry: geometry, rom: rom) }

  /// Cuts the module's power and brings it back: it wakes in 8-bit mode
  /// with its display off, as after a brown-out.
  public mutating func powerCycle() {
    backpack = PCF8574Backpack(wiring: backpack.wiring)
  }

  /// Fills the module's DDRAM with characters chosen by `seed` (the same
  /// seed, the same garbage), as an electrical glitch does behind the
  /// driver's back.
  public mutating func scramble(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for address in 0..<0x68 where address < 0x28 || address >= 0x40 {
      let mixed = random.next()
      // Printable codes of the ROM (0x21–0x7E, 0xA1–0xFE).
      let choice = UInt8(truncatingIfNeeded: mixed % 188)
      let code = choice < 94 ? 0x21 + choice : 0xA1 + (choice - 94)
      backpack.disturb(ddramAt: UInt8(address), with: code)
    }
  }

  /// `open(2)`: only the adapter's path exists.
  public mutating func open(_ path: String) -> Result<Int32, Errno> {
    if fault == .noDevice || fault == .noSuchFile { return .failure(.noSuchFile) }
    guard path == self.path else { return .failure(.noSuchFile) }
    openDescriptor = 3
    addressed = false
    return .success(3)
  }

  /// `close(2)`.
  public mutating func close(_ fd: Int32) {
    if fd == openDescriptor { openDescriptor = nil }
  }

  /// `ioctl(I2C_SLAVE)`: any 7-bit address is accepted, as by Linux.
  public mutating func setPeripheralAddress(_ fd: Int32, _ address: UInt8) -> Result<Void, Errno> {
    guard fd == openDescriptor else { return .failure(.badFileDescriptor) }
    guard address < 0x80 else { return .failure(.invalidArgument) }
    addressed = address == self.address
    return .success(())
  }

  /// A send-byte transfer: the expander's pins change.
  public mutating func sendByte(_ fd: Int32, _ byte: UInt8) -> Result<Void, Errno> {
    if let failure = check(fd) { return .failure(failure) }
    backpack.write(byte)
    return .success(())
  }

  /// `I2C_FUNCS`.
  public mutating func functionality(_ fd: Int32) -> Result<I2CFunctionality, Errno> {
    guard fd == openDescriptor else { return .failure(.badFileDescriptor) }
    return .success(functionality)
  }

  /// One transfer of several states: the expander's pins change once for
  /// each, in order. A message goes to the address it names; an SMBus
  /// block to the one `I2C_SLAVE` set, and carries at most 33 bytes.
  public mutating func write(
    _ fd: Int32, to address: UInt8, _ bytes: UnsafeRawBufferPointer, as mode: I2CWriteMode
  ) -> Result<Void, Errno> {
    guard fd == openDescriptor else { return .failure(.badFileDescriptor) }
    switch mode {
    case .messages:
      guard functionality.contains(.messages) else { return .failure(.notSupported) }
      if let fault { return .failure(fault) }
      guard address == self.address else { return .failure(.noSuchDeviceOrAddress) }
    case .i2cBlock:
      guard functionality.contains(.writeI2CBlock) else { return .failure(.notSupported) }
      guard (2...33).contains(bytes.count) else { return .failure(.invalidArgument) }
      if let failure = check(fd) { return .failure(failure) }
    case .sendByte:
      return .failure(.invalidArgument)
    }
    for byte in bytes { backpack.write(byte) }
    return .success(())
  }

  /// A receive-byte transfer: the expander's pins.
  public mutating func receiveByte(_ fd: Int32) -> Result<UInt8, Errno> {
    if let failure = check(fd) { return .failure(failure) }
    return .success(backpack.levels)
  }

  /// Time passes on the simulated bus only.
  public mutating func pause(microseconds: Int) {
    pausedMicroseconds += microseconds
  }

  @inline(__always)
  private func check(_ fd: Int32) -> Errno? {
    guard fd == openDescriptor else { return .badFileDescriptor }
    if let fault { return fault }
    // Nothing acknowledges an empty address.
    return addressed ? nil : .noSuchDeviceOrAddress
  }
}
