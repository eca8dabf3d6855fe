/// The SIM as the modem reports it (`AT+CPIN?`).
public enum SIMState: Sendable, Hashable {
  /// Not asked yet.
  case unknown
  /// Unlocked: the network can be used.
  case ready
  /// No SIM in the slot (`+CME ERROR: 10`, "SIM not inserted").
  case absent
  /// The SIM waits for its PIN (`+CPIN: SIM PIN`).
  case pin
  /// Three wrong PINs blocked it: it waits for the PUK and a new PIN
  /// (`+CPIN: SIM PUK`).
  case puk

  /// `unknown`, `ready`, `absent`, `pin`, `puk`.
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .ready: "ready"
    case .absent: "absent"
    case .pin: "pin"
    case .puk: "puk"
    }
  }
}
