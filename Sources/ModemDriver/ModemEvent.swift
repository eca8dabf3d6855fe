import Vocabulary

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
  /// The voice call moved to a new state (never `.idle`: an ended call is
  /// `callEnded`).
  case call(CallState)
  /// The call ended, and why.
  case callEnded(CallEnd)
  /// The number of the party calling (`+CLIP`, or `+CLCC` of an incoming
  /// call); empty when the network withholds it.
  case caller(String)
  /// The network's USSD reply (empty when there is none: a timeout, a
  /// refusal), and how the session stands.
  case ussd(USSDStatus, String)
  /// Signal, registration, operator or battery changed.
  case status(NetworkStatus)
  /// The network's time (`+CCLK` after NITZ): seconds since 1970 UTC,
  /// and the zone's offset in quarter hours.
  case networkTime(epochSeconds: Int64, offsetQuarterHours: Int)
  /// The SIM's state, with the PIN or PUK attempts left (counted from
  /// three and ten as TS 31.102 SIMs allow, down at each refusal).
  case sim(SIMState, triesLeft: Int)
  /// A phone code's outcome: done or refused, and what the modem said (the
  /// IMEI for `*#06#`).
  case phoneCode(done: Bool, text: String)
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
