/// What a modem tells the phone.
public enum ModemEvent: Sendable, Hashable {
  /// The modem is set up (again) and can send.
  case ready
  /// The modem cannot be reached: its line went away or it stopped
  /// answering. The driver keeps trying.
  case unavailable
  /// A PDU arrived or was read from storage: `receivedPDU` holds it until
  /// `finishReceived(keepOnModem:)`.
  case received
  /// The part was sent; the network numbered it `reference`.
  case sent(reference: Int)
  /// The part was not sent.
  case notSent(ModemFailure)
}

/// Why a command failed.
public enum ModemFailure: Sendable, Hashable, CustomStringConvertible {
  /// `+CMS ERROR: n`, the message service's reason.
  case messageService(Int)
  /// `+CME ERROR: n` or plain `ERROR`.
  case refused
  /// No answer in time.
  case timeout
  /// The line went away, or the modem restarted, while the command was
  /// under way.
  case interrupted

  /// Whether trying again later may work: everything but the
  /// message-service errors TS 27.005 and TS 24.011 give as final
  /// (unknown or barred number, rejected message, bad PDU).
  public var isTemporary: Bool {
    guard case .messageService(let code) = self else { return true }
    switch code {
    case 1, 8, 10, 21, 27, 28, 29, 30, 50, 69, 96, 97, 98, 99, 111, 127, 304, 305: return false
    default: return true
    }
  }

  /// `+CMS ERROR: 38`, `refused`, `timeout`, `interrupted`.
  public var description: String {
    switch self {
    case .messageService(let code): "+CMS ERROR: \(code)"
    case .refused: "refused"
    case .timeout: "timeout"
    case .interrupted: "interrupted"
    }
  }
}
