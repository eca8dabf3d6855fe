import SimulatedPeers
import Vocabulary

extension SimulatedNetwork {
  /// Does what a scenario's `network …` line says, at `now`.
  public mutating func perform(_ action: NetworkAction, at now: Instant) {
    self.now = now
    switch action {
    case .sms(let from, let text): deliver(from: from, text: text)
    case .pdu(let bytes): deliver(pdu: bytes)
    case .refusesSends(let refuses): refusesSends = refuses
    }
  }

  /// Applies a scenario's modem fault at `now`; `false` for a fault that
  /// is not the modem's (the display's and the keypad's are made
  /// elsewhere).
  @discardableResult
  public mutating func apply(_ fault: ScenarioFault, at now: Instant) -> Bool {
    self.now = now
    switch fault {
    case .modemSilent(let duration): apply(.silent(until: now + duration))
    case .modemReset: apply(.reset)
    case .modemGone(let duration): apply(.gone(until: now + duration))
    case .modemResetMidSend: apply(.resetOnNextSend)
    case .lcdGarbage, .lcdReset, .busDown, .stuck, .clockJump: return false
    }
    return true
  }

  /// Lets `body` change the network in place (through optional chaining:
  /// `modem.device?.system.change { … }`).
  mutating func change(_ body: (inout SimulatedNetwork) -> Void) { body(&self) }

  /// Whether the network has received a whole message to `to` reading
  /// `text` (`expect sent`).
  public func hasReceived(to: String, text: String) -> Bool {
    sent.contains(SentMessage(to: to, text: text))
  }
}
