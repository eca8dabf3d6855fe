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
    case .call(let from): ring(from: from)
    case .farEnd(.answer): farEndAnswers()
    case .farEnd(.busy): farEndIsBusy()
    case .farEnd(.noAnswer): farEndDoesNotAnswer()
    case .farEnd(.hangUp): farEndHangsUp()
    case .ussd(let request, let reply, let menu, let ucs2):
      addUSSD(request: request, reply: reply, menu: menu, ucs2: ucs2)
    case .signal(let value): signal = value
    case .registration(let registration):
      switch registration {
      case .home: register(1)
      case .searching: register(2)
      case .denied: register(3)
      case .roaming: register(5)
      case .none: register(0)
      }
    case .operatorName(let name): operatorName = name
    case .battery(let percent): battery = percent
    case .sim(let state): simState = state
    case .time(let time):
      setTime(epochSeconds: time.epochSeconds, offsetQuarterHours: time.offsetQuarterHours)
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
    case .modemHung: apply(.hung)
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
