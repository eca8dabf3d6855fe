/// Where a voice call stands, as the modem reports it (TS 27.007's
/// `+CLCC` states, folded to what a phone shows).
public enum CallState: Sendable, Hashable {
  /// No call.
  case idle
  /// The phone dialled; the network is setting the call up.
  case dialing
  /// The other phone rings (`+CLCC` alerting).
  case ringing
  /// Both ends talk.
  case active
  /// Somebody calls the phone; it rings.
  case incoming

  /// `idle`, `dialing`, `ringing`, `active`, `incoming`: the words of a
  /// scenario's `expect call`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .dialing: "dialing"
    case .ringing: "ringing"
    case .active: "active"
    case .incoming: "incoming"
    }
  }

  /// The state called `name`, if any.
  public init?(name: String) {
    switch name {
    case "idle": self = .idle
    case "dialing": self = .dialing
    case "ringing": self = .ringing
    case "active": self = .active
    case "incoming": self = .incoming
    default: return nil
    }
  }
}
