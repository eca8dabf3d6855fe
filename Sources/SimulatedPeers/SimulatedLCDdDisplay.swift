import CharacterLCD
import Diagnostics
import DisplayDriver
import Vocabulary

/// The LCDd client on a simulated LCDd. The simulated LCDd answers at
/// once, so whatever the client does is settled in the same instant: a few
/// rounds of its service bring it up to date (connect, `hello`, the screen,
/// the rows) after each frame, service and redraw.
public struct SimulatedLCDdDisplay: SimulatedDisplay {
  /// The client and, as its socket system, the simulated LCDd.
  public private(set) var client: LCDprocDisplay<SimulatedLCDd>
  /// Whether a `linkDown` fault holds LCDd away.
  private var faulted = false

  /// A simulated LCDd of `geometry` behind the LCDd client.
  public init(geometry: LCDGeometry, log: Log) {
    client = LCDprocDisplay(
      geometry: geometry,
      system: SimulatedLCDd(width: geometry.columns, height: geometry.rows), log: log)
  }

  /// Sends `frame` to LCDd.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    client.show(frame, at: now)
    settle(at: now)
  }

  /// When the client wants its service again (a reconnection, a key's
  /// release), if ever.
  public var nextDeadline: Instant? { client.nextDeadline }

  /// Lets the client reconnect and send what waits.
  public mutating func service(at now: Instant) { settle(at: now) }

  /// The client's health, failing while LCDd is held away or the client
  /// is not connected.
  public var health: PeripheralHealth {
    var health = client.health
    health.isFailing = faulted || !client.isConnected
    return health
  }

  /// One look checks the whole screen.
  public var glassParts: Int { 1 }

  /// What LCDd acknowledged, compared with the newest frame.
  public mutating func checkGlass(part: Int) -> GlassCheck { client.checkGlass() }

  /// Sends every row again.
  public mutating func redraw(at now: Instant) {
    client.redraw(at: now)
    settle(at: now)
  }

  /// Closes the connection.
  public mutating func close() { client.close() }

  /// LCDd's display, row by row.
  public var rows: [String] { client.system.rows }

  /// LCDd shows text, not a frame.
  public var glass: LCDFrame? { nil }

  /// Whether LCDd shows the rows of `frame` in its character set.
  public func shows(_ frame: LCDFrame) -> Bool { rows == LCDprocText.rows(of: frame) }

  /// The rows of `frame` in LCDd's character set.
  public func expectedRows(for frame: LCDFrame) -> [String] { LCDprocText.rows(of: frame) }

  /// LCDd restarts (`powerCycle`), goes away and refuses connections
  /// (`linkDown`) or comes back (`linkUp`); its screen cannot be scrambled.
  public mutating func inject(_ fault: PeerFault) {
    switch fault {
    case .scramble: break
    case .powerCycle: client.system.dropConnection()
    case .linkDown:
      faulted = true
      client.system.refusesConnections = true
      client.system.dropConnection()
    case .linkUp:
      faulted = false
      client.system.refusesConnections = false
    }
  }

  /// The simulated LCDd answers at once: a few rounds of the client's
  /// service bring it up to date (connect, `hello`, the screen, the rows).
  private mutating func settle(at now: Instant) {
    for _ in 0..<8 {
      client.service(at: now)
      if client.isUpToDate { return }
    }
  }
}
