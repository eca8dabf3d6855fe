import CharacterLCD
import Diagnostics
import KeypadInput
import SystemLayer

/// The display of a scenario or of the simulator: the firmware's frames go
/// through the real driver's code onto a simulated bus, and what the
/// simulated module then shows is the glass — checked by `expect glass`,
/// drawn by the simulator — independent of the firmware's own frame.
public struct SimulatedDisplay {
  /// The module's size.
  public let geometry: LCDGeometry
  /// The module's character ROM.
  public let rom: CharacterROM
  private var driver: HD44780I2CDisplay<SimulatedI2CBus>

  /// A just-powered module of `geometry` with `rom`, on a backpack wired as
  /// `wiring`, behind the I2C driver.
  public init(
    geometry: LCDGeometry, rom: CharacterROM, wiring: PCF8574Wiring = .backpack, log: Log
  ) {
    self.geometry = geometry
    self.rom = rom
    let settings = I2CDisplaySettings(path: "/dev/i2c-sim", address: 0x27, wiring: wiring)
    driver = HD44780I2CDisplay(
      settings: settings,
      system: SimulatedI2CBus(path: settings.path, address: settings.address, wiring: wiring),
      log: log)
  }

  /// Sends `frame` to the module.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    driver.show(frame, at: now)
  }

  /// Lets the driver retry after a simulated bus fault.
  public mutating func service(at now: Instant) {
    driver.service(at: now)
  }

  /// What the module shows.
  public var glass: LCDFrame {
    driver.system.backpack.glass(geometry: geometry, rom: rom)
  }

  /// What the module shows, row by row, as text.
  public var rows: [String] { TextFrameRenderer.rows(of: glass) }

  /// Whether the bus is failing (the newest frame waits for it).
  public var isFailing: Bool { driver.isFailing }

  /// What the driver has sent so far.
  public var statistics: BusStatistics { driver.statistics }

  /// Makes every bus call fail with `errno` until `nil` (a bus fault).
  public mutating func setFault(_ errno: Errno?) {
    driver.system.fault = errno
  }
}
