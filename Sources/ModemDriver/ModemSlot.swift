import Vocabulary

/// A modem or none (`--modem none`, a scenario without `modem sim`): with
/// none, nothing is ever ready, received or sent, and no deadline is
/// asked for, so the phone keeps its messages in the outbox.
///
/// The modem is held as an optional and reached through optional
/// chaining, which works on it in place: taking a driver out of an enum's
/// payload and putting it back copied it (and retained every buffer in
/// it) at each call, several times a key press.
public struct ModemSlot<Device: Modem>: Modem {
  /// The modem, if there is one.
  public var device: Device?

  /// No modem.
  public static var none: ModemSlot { ModemSlot(device: nil) }

  /// The modem `device`.
  public static func some(_ device: Device) -> ModemSlot { ModemSlot(device: device) }

  /// A slot holding `device`, or none.
  public init(device: Device?) { self.device = device }

  /// The modem's deadline; none without one.
  public var nextDeadline: Instant? { device?.nextDeadline }

  /// Services the modem, if there is one.
  public mutating func service(at now: Instant) { device?.service(at: now) }

  /// The modem's next event.
  public mutating func nextEvent() -> ModemEvent? { device?.nextEvent() }

  /// The modem's received PDU (empty without one).
  public var receivedPDU: [UInt8] { device?.receivedPDU ?? [] }

  /// Finishes the received PDU.
  public mutating func finishReceived(keepOnModem: Bool) {
    device?.finishReceived(keepOnModem: keepOnModem)
  }

  /// Sends a part: never without a modem.
  public mutating func send(_ pdu: [UInt8]) -> Bool { device?.send(pdu) ?? false }

  /// Asks for a call: never without a modem.
  public mutating func request(_ request: ModemRequest) -> Bool {
    device?.request(request) ?? false
  }

  /// Rescans the modem's storage.
  public mutating func rescan() { device?.rescan() }

  /// The modem's health; a missing modem is healthy (nothing to reach).
  public var health: PeripheralHealth { device?.health ?? PeripheralHealth() }

  /// Whether the slot holds a modem.
  public var isPresent: Bool { device != nil }

  /// Resets the modem, if there is one.
  public mutating func reset() { device?.reset() }

  /// Closes the modem.
  public mutating func close() { device?.close() }
}
