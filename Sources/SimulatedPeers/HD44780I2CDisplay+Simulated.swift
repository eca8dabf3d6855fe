import CharacterLCD
import Diagnostics
import DisplayDriver

extension HD44780I2CDisplay: SimulatedDisplay where System == SimulatedI2CBus {
  /// The I2C driver on a just-powered module of `geometry` with `rom`, on
  /// the simulated backpack (`I2CDisplaySettings.simulated`) wired as
  /// `wiring`.
  public init(
    simulating geometry: LCDGeometry, rom: CharacterROM, wiring: PCF8574Wiring = .backpack,
    log: Log
  ) {
    let settings = I2CDisplaySettings.simulated(wiring: wiring)
    self.init(
      settings: settings,
      system: SimulatedI2CBus(
        path: settings.path, address: settings.address, wiring: wiring, geometry: geometry,
        rom: rom),
      log: log)
  }

  /// The module's rows, as text.
  public var rows: [String] { TextFrameRenderer.rows(of: system.glass) }

  /// What the module shows.
  public var glass: LCDFrame? { system.glass }

  /// Whether the module shows `frame` exactly: the same codes, glyph
  /// pixels, cursor and backlight.
  public func shows(_ frame: LCDFrame) -> Bool { system.glass == frame }

  /// The rows of `frame` as the module shows them.
  public func expectedRows(for frame: LCDFrame) -> [String] { TextFrameRenderer.rows(of: frame) }

  /// Scrambles the module's DDRAM, cuts its power, or fails the bus.
  public mutating func inject(_ fault: PeerFault) {
    switch fault {
    case .scramble(let seed): system.scramble(seed: seed)
    case .powerCycle: system.powerCycle()
    case .linkDown(let errno): system.fault = errno
    case .linkUp: system.fault = nil
    }
  }
}
