import Vocabulary

/// A modem or none (`--modem none`, a scenario without `modem sim`): with
/// none, nothing is ever ready, received or sent, and no deadline is
/// asked for, so the phone keeps its messages in the outbox.
public enum ModemSlot<Device: Modem>: Modem {
  /// No modem.
  case none
  /// The modem.
  case some(Device)

  /// The modem's deadline; none without one.
  public var nextDeadline: Instant? {
    guard case .some(let device) = self else { return nil }
    return device.nextDeadline
  }

  /// Services the modem, if there is one.
  public mutating func service(at now: Instant) {
    guard case .some(var device) = self else { return }
    self = .none
    device.service(at: now)
    self = .some(device)
  }

  /// The modem's next event.
  public mutating func nextEvent() -> ModemEvent? {
    guard case .some(var device) = self else { return nil }
    self = .none
    defer { self = .some(device) }
    return device.nextEvent()
  }

  /// The modem's received PDU (empty without one).
  public var receivedPDU: [UInt8] {
    guard case .some(let device) = self else { return [] }
    return device.receivedPDU
  }

  /// Finishes the received PDU.
  public mutating func finishReceived(keepOnModem: Bool) {
    guard case .some(var device) = self else { return }
    self = .none
    device.finishReceived(keepOnModem: keepOnModem)
    self = .some(device)
  }

  /// Sends a part: never without a modem.
  public mutating func send(_ pdu: [UInt8]) -> Bool {
    guard case .some(var device) = self else { return false }
    self = .none
    defer { self = .some(device) }
    return device.send(pdu)
  }

  /// Rescans the modem's storage.
  public mutating func rescan() {
    guard case .some(var device) = self else { return }
    self = .none
    device.rescan()
    self = .some(device)
  }

  /// The modem's health; a missing modem is healthy (nothing to reach).
  public var health: PeripheralHealth {
    guard case .some(let device) = self else { return PeripheralHealth() }
    return device.health
  }

  /// Closes the modem.
  public mutating func close() {
    guard case .some(var device) = self else { return }
    self = .none
    device.close()
    self = .some(device)
  }
}
