import Board
import Diagnostics
import ModemDevice
import ModemDriver
import SimulatedPeers
import Vocabulary

/// The modem of a run, chosen once from `--modem`: none, the simulated
/// network, or a serial line — the same driver on its own system calls.
/// One concrete type for the run's peripherals. The driver is held as an
/// optional of each kind and reached by optional chaining, in place: no
/// call copies it.
public struct HostModem: SessionModem {
  /// The simulated network behind the AT driver, if it is that.
  private var simulated: ATModem<SimulatedNetwork>?
  /// The file a person writes messages for the simulated network to.
  private var inbox: NetworkInbox?
  /// A modem on a serial line, if it is that.
  private var line: LineModem

  /// No modem: messages wait in the outbox.
  public static var none: HostModem { HostModem(.none, epochAtStart: 0, log: .disabled) }

  /// The modem `spec` names (`log` for its driver); a simulated network
  /// takes messages from `inbox`, if given, and stamps them on the phone's
  /// clock (`epochAtStart`: seconds since 1970 at instant zero).
  public init(_ spec: ModemSpec, inbox: String? = nil, epochAtStart: Int64, log: Log) {
    line = LineModem(spec, epochAtStart: epochAtStart, log: log)
    if case .simulated = spec {
      var network = SimulatedNetwork()
      network.epochAtStart = epochAtStart
      simulated = ATModem(path: "sim", system: network, log: log)
      self.inbox = inbox.map { NetworkInbox(path: $0, log: log) }
    }
  }

  /// The simulated network, when the run has one (a person sends the
  /// phone messages through it).
  public var network: SimulatedNetwork? {
    get { simulated?.system }
    set {
      guard let newValue else { return }
      simulated?.system = newValue
    }
  }

  /// The driver's phase, for `STATUS=` and `stats` (`none` without one).
  public var phaseName: String { simulated?.phase.name ?? line.phaseName }

  /// The driver's command timeouts and the modem's restarts so far.
  public var counts: (timeouts: Int, resets: Int) {
    if let modem = simulated { return (modem.commandTimeouts, modem.modemResets) }
    return line.counts
  }

  /// The driver's deadline.
  public var nextDeadline: Instant? { simulated?.nextDeadline ?? line.nextDeadline }

  /// Services the driver (the simulated network on the driver's clock,
  /// with what the inbox file holds).
  public mutating func service(at now: Instant) {
    if simulated != nil {
      simulated?.system.now = now
      if inbox != nil { simulated?.system.take(from: &inbox, at: now) }
      simulated?.service(at: now)
    }
    line.service(at: now)
  }

  /// The driver's next event.
  public mutating func nextEvent() -> ModemEvent? { simulated?.nextEvent() ?? line.nextEvent() }

  /// The driver's received PDU.
  public var receivedPDU: [UInt8] { simulated?.receivedPDU ?? line.receivedPDU }

  /// Finishes the received PDU.
  public mutating func finishReceived(keepOnModem: Bool) {
    simulated?.finishReceived(keepOnModem: keepOnModem)
    line.finishReceived(keepOnModem: keepOnModem)
  }

  /// Sends a part.
  public mutating func send(_ pdu: [UInt8]) -> Bool {
    simulated?.send(pdu) ?? line.send(pdu)
  }

  /// Asks for a call.
  public mutating func request(_ request: ModemRequest) -> Bool {
    simulated?.request(request) ?? line.request(request)
  }

  /// Rescans the modem's storage.
  public mutating func rescan() {
    simulated?.rescan()
    line.rescan()
  }

  /// The driver's health (a missing modem is healthy).
  public var health: PeripheralHealth {
    simulated?.health ?? line.health
  }

  /// Whether the run has a modem (`--modem` other than `none`).
  public var isPresent: Bool { simulated != nil || line.isPresent }

  /// Resets the driver's modem.
  public mutating func reset() {
    simulated?.reset()
    line.reset()
  }

  /// Closes the line.
  public mutating func close() {
    simulated?.close()
    line.close()
  }
}

extension SimulatedNetwork {
  /// Delivers what `inbox`'s file holds, if it is time to look.
  fileprivate mutating func take(from inbox: inout NetworkInbox?, at now: Instant) {
    inbox?.poll(at: now, into: &self)
  }
}
