import CharacterLCD
import Diagnostics
import DisplayDriver
import Vocabulary

/// The I2C driver on a simulated PCF8574 backpack and HD44780 module: the
/// display of scenarios and the simulator, and the glass they draw.
///
/// A concrete type rather than the driver itself: the scenario board calls
/// its display through witness tables at every step of its clock, and
/// these methods, not generic, are where the driver's code is specialised
/// for the simulated bus.
public struct SimulatedModule: SimulatedDisplay {
  /// The driver and, as its system calls, the simulated bus.
  public private(set) var driver: HD44780I2CDisplay<SimulatedI2CBus>

  /// A just-powered module of `geometry` with `rom` on the simulated
  /// backpack (`I2CDisplaySettings.simulated`) wired as `wiring`.
  public init(
    geometry: LCDGeometry, rom: CharacterROM, wiring: PCF8574Wiring = .backpack, log: Log
  ) {
    let settings = I2CDisplaySettings.simulated(wiring: wiring)
    driver = HD44780I2CDisplay(
      settings: settings,
      system: SimulatedI2CBus(
        path: settings.path, address: settings.address, wiring: wiring, geometry: geometry,
        rom: rom),
      log: log)
  }

  /// Sends `frame` to the module.
  public mutating func show(_ frame: LCDFrame, at now: Instant) { driver.show(frame, at: now) }

  /// When the driver retries a failed bus, if it does.
  public var nextDeadline: Instant? { driver.nextDeadline }

  /// Retries a failed bus when its backoff has passed.
  public mutating func service(at now: Instant) { driver.service(at: now) }

  /// The driver's health: up to date, failing, bus errors and recoveries.
  public var health: PeripheralHealth { driver.health }

  /// How many looks a whole check of the module's RAM takes.
  public var glassParts: Int { driver.glassParts }

  /// Reads part of the module's RAM back and compares it with the frame.
  public mutating func checkGlass(part: Int) -> GlassCheck { driver.checkGlass(part: part) }

  /// Re-initialises the module and draws the newest frame whole.
  public mutating func redraw(at now: Instant) { driver.redraw(at: now) }

  /// Closes the simulated adapter.
  public mutating func close() { driver.close() }

  /// What the driver has sent so far.
  public var statistics: BusStatistics { driver.statistics }

  /// The module's rows, as text.
  public var rows: [String] { TextFrameRenderer.rows(of: driver.system.glass) }

  /// What the module shows.
  public var glass: LCDFrame? { driver.system.glass }

  /// Whether the module shows `frame` exactly: the same codes, glyph
  /// pixels, cursor and backlight.
  public func shows(_ frame: LCDFrame) -> Bool { driver.system.glass == frame }

  /// The rows of `frame` as the module shows them.
  public func expectedRows(for frame: LCDFrame) -> [String] { TextFrameRenderer.rows(of: frame) }

  /// Scrambles the module's DDRAM, cuts its power, or fails the bus.
  public mutating func inject(_ fault: PeerFault) {
    switch fault {
    case .scramble(let seed): driver.system.scramble(seed: seed)
    case .powerCycle: driver.system.powerCycle()
    case .linkDown(let errno): driver.system.fault = errno
    case .linkUp: driver.system.fault = nil
    }
  }
}
