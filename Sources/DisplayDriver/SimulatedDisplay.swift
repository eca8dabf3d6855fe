import CharacterLCD
import Diagnostics
import SystemLayer
import Vocabulary

/// The display of a scenario or of the simulator: the firmware's frames go
/// through a real driver's code onto a simulated peer, and what the peer
/// then shows is the glass — checked by `expect glass`, drawn by the
/// simulator — independent of the firmware's own frame. With the I2C driver
/// the peer is a PCF8574 backpack and HD44780 module; with the LCDd client
/// it is a simulated LCDd.
public struct SimulatedDisplay {
  /// The module's size.
  public let geometry: LCDGeometry
  /// The module's character ROM.
  public let rom: CharacterROM
  private var i2c: HD44780I2CDisplay<SimulatedI2CBus>?
  private var lcdproc: LCDprocDisplay<SimulatedLCDd>?
  private var lcdprocFault = false
  /// Whether the display is the simulated LCDd. Stored: testing an
  /// optional driver this large against nil copies it, and the supervisor
  /// asks on every step of its clock.
  public let isLCDproc: Bool

  /// A just-powered module of `geometry` with `rom`, on a backpack wired as
  /// `wiring`, behind the I2C driver.
  public init(
    geometry: LCDGeometry, rom: CharacterROM, wiring: PCF8574Wiring = .backpack, log: Log
  ) {
    self.geometry = geometry
    self.rom = rom
    isLCDproc = false
    let settings = I2CDisplaySettings(path: "/dev/i2c-sim", address: 0x27, wiring: wiring)
    i2c = HD44780I2CDisplay(
      settings: settings,
      system: SimulatedI2CBus(path: settings.path, address: settings.address, wiring: wiring),
      log: log)
    refresh()
  }

  /// A simulated LCDd of `geometry` behind the LCDd client.
  public init(lcdprocGeometry geometry: LCDGeometry, rom: CharacterROM, log: Log) {
    self.geometry = geometry
    self.rom = rom
    isLCDproc = true
    lcdproc = LCDprocDisplay(
      geometry: geometry,
      system: SimulatedLCDd(width: geometry.columns, height: geometry.rows), log: log)
    refresh()
  }

  /// Sends `frame` to the peer.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    defer { refresh() }
    i2c?.show(frame, at: now)
    if isLCDproc {
      lcdproc?.show(frame, at: now)
      settleLCDproc(at: now)
    }
  }

  /// Lets the driver retry after a simulated fault.
  public mutating func service(at now: Instant) {
    // The supervisor services the display at every step of its clock;
    // an I2C module showing the newest frame has nothing to do.
    guard isLCDproc || !i2cUpToDate || nextRetry != nil else { return }
    defer { refresh() }
    i2c?.service(at: now)
    if isLCDproc { settleLCDproc(at: now) }
  }

  /// The simulated LCDd answers at once: a few rounds of the client's
  /// service bring it up to date (connect, `hello`, the screen, the rows).
  private mutating func settleLCDproc(at now: Instant) {
    for _ in 0..<8 {
      lcdproc?.service(at: now)
      if lcdproc?.isUpToDate ?? true { return }
    }
  }

  /// What the module shows, as a frame; nil for LCDd, which shows text.
  public var glass: LCDFrame? {
    i2c.map { $0.system.backpack.glass(geometry: geometry, rom: rom) }
  }

  /// What the peer shows, row by row, as text.
  public var rows: [String] {
    if let glass { return TextFrameRenderer.rows(of: glass) }
    return lcdproc?.system.rows ?? []
  }

  /// Whether the peer shows `frame` as its driver should: the module the
  /// same codes, glyph pixels, cursor and backlight; LCDd the same rows in
  /// its character set.
  public func shows(_ frame: LCDFrame) -> Bool {
    if let glass { return glass == frame }
    return rows == LCDprocText.rows(of: frame)
  }

  /// What the peer should show for `frame`, row by row.
  public func expectedRows(for frame: LCDFrame) -> [String] {
    !isLCDproc ? TextFrameRenderer.rows(of: frame) : LCDprocText.rows(of: frame)
  }

  /// Whether the driver cannot reach the peer (the newest frame waits).
  public var isFailing: Bool {
    if let i2c { return i2c.isFailing }
    return lcdprocFault || !(lcdproc?.isConnected ?? false)
  }

  /// What the I2C driver has sent so far (nothing for LCDd).
  public var statistics: BusStatistics { i2c?.statistics ?? BusStatistics() }

  // MARK: - The watchdog's view

  /// When the driver wants `service(at:)` again (a retry), if ever.
  ///
  /// This and `glassParts` are stored, worked out again after every change
  /// (`refresh()`): the supervisor asks for them on every step of its
  /// clock, and calling a getter of a struct this large from another module
  /// copies all of it.
  public private(set) var nextRetry: Instant?

  /// How many looks a whole check of the glass takes.
  public private(set) var glassParts = 1

  /// Whether the I2C module shows the driver's newest frame.
  private var i2cUpToDate = true

  /// Works out `nextRetry` and `glassParts` again; every mutating method
  /// calls it.
  private mutating func refresh() {
    // Optional chaining reads the driver in place, but falling back from
    // one driver to the other copies the whole of the second.
    if isLCDproc {
      nextRetry = lcdproc?.nextDeadline ?? nil
      glassParts = 1
    } else {
      nextRetry = i2c?.nextDeadline
      glassParts = i2c?.glassParts ?? 1
      i2cUpToDate = i2c?.isUpToDate ?? true
    }
  }

  /// Looks at part `part` of the glass as the driver can: the module's RAM
  /// read back, or what LCDd acknowledged.
  public mutating func checkGlass(part: Int) -> GlassCheck {
    defer { refresh() }
    if !isLCDproc { return i2c?.checkGlass(part: part) ?? .unchecked }
    return lcdproc?.checkGlass() ?? .unchecked
  }

  /// Re-initialises and redraws (the watchdog's repair).
  public mutating func redraw(at now: Instant) {
    defer { refresh() }
    i2c?.redraw(at: now)
    if isLCDproc {
      lcdproc?.redraw(at: now)
      settleLCDproc(at: now)
    }
  }

  // MARK: - Faults

  /// Fills the module's DDRAM with garbage chosen by `seed`, behind the
  /// driver's back (I2C only; LCDd's screen is its own).
  public mutating func scramble(seed: UInt64) {
    defer { refresh() }
    i2c?.system.scramble(seed: seed)
  }

  /// The module loses power and comes back blank, display off, in 8-bit
  /// mode; LCDd restarts (the connection drops).
  public mutating func powerCycle() {
    defer { refresh() }
    i2c?.system.powerCycle()
    lcdproc?.system.dropConnection()
  }

  /// Makes the link fail until `nil`: every I2C call fails with `errno`;
  /// LCDd goes away and refuses connections (any errno) until it is back.
  public mutating func setFault(_ errno: Errno?) {
    defer { refresh() }
    i2c?.system.fault = errno
    guard isLCDproc else { return }
    lcdprocFault = errno != nil
    lcdproc?.system.refusesConnections = errno != nil
    if errno != nil { lcdproc?.system.dropConnection() }
  }
}
