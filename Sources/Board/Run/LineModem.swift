import Diagnostics
import ModemDevice
import ModemDriver
import Vocabulary

/// The firmware's modem: none, or the AT driver on a serial line
/// (`--modem tty:PATH[@BAUD]`). The driver is held as an optional and
/// reached by optional chaining, in place: no call copies it.
public struct LineModem: SessionModem {
  /// The driver, when the run has a modem.
  public private(set) var driver: ATModem<LinuxSerialSystem>?

  /// The modem `spec` names: a serial line, or none (`sim` is the host
  /// tool's, refused by the options before this).
  public init(_ spec: ModemSpec, inbox: String? = nil, epochAtStart: Int64, log: Log) {
    if case .tty(let path, let baud) = spec {
      driver = ATModem(path: path, baud: baud, system: LinuxSerialSystem(), log: log)
    }
  }

  /// The driver's phase (`none` without a modem).
  public var phaseName: String { driver?.phase.name ?? "none" }

  /// The driver's command timeouts and the modem's restarts so far.
  public var counts: (timeouts: Int, resets: Int) {
    guard let driver else { return (0, 0) }
    return (driver.commandTimeouts, driver.modemResets)
  }

  /// The driver's deadline.
  public var nextDeadline: Instant? { driver?.nextDeadline }

  /// Lets the driver read, write and time out.
  public mutating func service(at now: Instant) { driver?.service(at: now) }

  /// The driver's next event.
  public mutating func nextEvent() -> ModemEvent? { driver?.nextEvent() }

  /// The message part the driver read last.
  public var receivedPDU: [UInt8] { driver?.receivedPDU ?? [] }

  /// Finishes the part read last (deleted from the modem unless kept).
  public mutating func finishReceived(keepOnModem: Bool) {
    driver?.finishReceived(keepOnModem: keepOnModem)
  }

  /// Sends a part; whether the driver took it.
  public mutating func send(_ pdu: [UInt8]) -> Bool { driver?.send(pdu) ?? false }

  /// Asks for a call, USSD or SIM action; whether the driver took it.
  public mutating func request(_ request: ModemRequest) -> Bool {
    driver?.request(request) ?? false
  }

  /// Reads the modem's message storage again.
  public mutating func rescan() { driver?.rescan() }

  /// The driver's health (no modem is healthy).
  public var health: PeripheralHealth { driver?.health ?? PeripheralHealth() }

  /// Whether the run has a modem.
  public var isPresent: Bool { driver != nil }

  /// Restarts the modem.
  public mutating func reset() { driver?.reset() }

  /// Closes the line.
  public mutating func close() { driver?.close() }
}
