import Diagnostics
import ModemDevice
import ModemDriver
import SimulatedPeers
import Vocabulary

/// The modem of a run, chosen once from `--modem`: none, the simulated
/// network, or a serial line. One concrete type for the run's peripherals,
/// each case the same driver on its own system calls.
public enum HostModem: Modem {
  /// No modem: messages wait in the outbox.
  case none
  /// The simulated network behind the AT driver, and the file a person
  /// writes messages for the phone to.
  case simulated(ATModem<SimulatedNetwork>, NetworkInbox?)
  /// A modem on a serial line.
  case tty(ATModem<LinuxSerialSystem>)

  /// The modem `spec` names (`log` for its driver); a simulated network
  /// takes messages from `inbox`, if given, and stamps them on the phone's
  /// clock (`epochAtStart`: seconds since 1970 at instant zero).
  public init(_ spec: ModemSpec, inbox: String? = nil, epochAtStart: Int64, log: Log) {
    switch spec {
    case .none: self = .none
    case .simulated:
      var network = SimulatedNetwork()
      network.epochAtStart = epochAtStart
      self = .simulated(
        ATModem(path: "sim", system: network, log: log),
        inbox.map { NetworkInbox(path: $0, log: log) })
    case .tty(let path, let baud):
      self = .tty(ATModem(path: path, baud: baud, system: LinuxSerialSystem(), log: log))
    }
  }

  /// The simulated network, when the run has one (a person sends the
  /// phone messages through it).
  public var network: SimulatedNetwork? {
    get {
      guard case .simulated(let modem, _) = self else { return nil }
      return modem.system
    }
    set {
      guard case .simulated(var modem, let inbox) = self, let newValue else { return }
      modem.system = newValue
      self = .simulated(modem, inbox)
    }
  }

  /// The driver's phase, for `STATUS=` and `stats` (`none` without one).
  public var phaseName: String {
    switch self {
    case .none: "none"
    case .simulated(let modem, _): modem.phase.name
    case .tty(let modem): modem.phase.name
    }
  }

  /// `, modem ready` (the driver's phase) for a service's status line;
  /// nothing without a modem.
  public var statusSuffix: String {
    if case .none = self { return "" }
    return ", modem \(phaseName)"
  }

  /// The driver's command timeouts and the modem's restarts so far.
  public var counts: (timeouts: Int, resets: Int) {
    switch self {
    case .none: (0, 0)
    case .simulated(let modem, _): (modem.commandTimeouts, modem.modemResets)
    case .tty(let modem): (modem.commandTimeouts, modem.modemResets)
    }
  }

  /// The driver's deadline.
  public var nextDeadline: Instant? {
    switch self {
    case .none: nil
    case .simulated(let modem, _): modem.nextDeadline
    case .tty(let modem): modem.nextDeadline
    }
  }

  /// Services the driver (the simulated network on the driver's clock).
  public mutating func service(at now: Instant) {
    switch self {
    case .none: break
    case .simulated(var modem, var inbox):
      self = .none
      modem.system.now = now
      inbox?.poll(at: now, into: &modem.system)
      modem.service(at: now)
      self = .simulated(modem, inbox)
    case .tty(var modem):
      self = .none
      modem.service(at: now)
      self = .tty(modem)
    }
  }

  /// The driver's next event.
  public mutating func nextEvent() -> ModemEvent? {
    switch self {
    case .none: return nil
    case .simulated(var modem, let inbox):
      self = .none
      defer { self = .simulated(modem, inbox) }
      return modem.nextEvent()
    case .tty(var modem):
      self = .none
      defer { self = .tty(modem) }
      return modem.nextEvent()
    }
  }

  /// The driver's received PDU.
  public var receivedPDU: [UInt8] {
    switch self {
    case .none: []
    case .simulated(let modem, _): modem.receivedPDU
    case .tty(let modem): modem.receivedPDU
    }
  }

  /// Finishes the received PDU.
  public mutating func finishReceived(keepOnModem: Bool) {
    switch self {
    case .none: break
    case .simulated(var modem, let inbox):
      self = .none
      modem.finishReceived(keepOnModem: keepOnModem)
      self = .simulated(modem, inbox)
    case .tty(var modem):
      self = .none
      modem.finishReceived(keepOnModem: keepOnModem)
      self = .tty(modem)
    }
  }

  /// Sends a part.
  public mutating func send(_ pdu: [UInt8]) -> Bool {
    switch self {
    case .none: return false
    case .simulated(var modem, let inbox):
      self = .none
      defer { self = .simulated(modem, inbox) }
      return modem.send(pdu)
    case .tty(var modem):
      self = .none
      defer { self = .tty(modem) }
      return modem.send(pdu)
    }
  }

  /// Rescans the modem's storage.
  public mutating func rescan() {
    switch self {
    case .none: break
    case .simulated(var modem, let inbox):
      self = .none
      modem.rescan()
      self = .simulated(modem, inbox)
    case .tty(var modem):
      self = .none
      modem.rescan()
      self = .tty(modem)
    }
  }

  /// The driver's health (a missing modem is healthy).
  public var health: PeripheralHealth {
    switch self {
    case .none: PeripheralHealth()
    case .simulated(let modem, _): modem.health
    case .tty(let modem): modem.health
    }
  }

  /// Closes the line.
  public mutating func close() {
    switch self {
    case .none: break
    case .simulated(var modem, let inbox):
      self = .none
      modem.close()
      self = .simulated(modem, inbox)
    case .tty(var modem):
      self = .none
      modem.close()
      self = .tty(modem)
    }
  }
}
