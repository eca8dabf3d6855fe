/// What the modem says of the network and the board: signal, registration,
/// operator and battery (TS 27.007 `+CSQ`, `+CREG`, `+COPS`, `+CBC`).
public struct NetworkStatus: Sendable, Hashable {
  /// Where the modem stands with the network (`+CREG` `<stat>`).
  public enum Registration: Sendable, Hashable {
    /// Not registered and not searching (0), or not known yet.
    case none
    /// Registered on the home network (1).
    case home
    /// Searching for a network (2).
    case searching
    /// Registration denied (3).
    case denied
    /// Registered, roaming (5).
    case roaming

    /// The registration of `+CREG` `<stat>`.
    public init(code: Int) {
      switch code {
      case 1: self = .home
      case 2: self = .searching
      case 3: self = .denied
      case 5: self = .roaming
      default: self = .none
      }
    }

    /// `none`, `home`, `searching`, `denied`, `roaming`.
    public var name: String {
      switch self {
      case .none: "none"
      case .home: "home"
      case .searching: "searching"
      case .denied: "denied"
      case .roaming: "roaming"
      }
    }

    /// Whether calls and messages can go through.
    public var isRegistered: Bool { self == .home || self == .roaming }
  }

  /// `+CSQ` `<rssi>`: 0–31, nil when unknown (99) or not asked yet.
  public var signal: Int?
  /// Where the modem stands with the network.
  public var registration = Registration.none
  /// The operator's name (`+COPS`), empty when not known.
  public var operatorName = ""
  /// The battery in percent (`+CBC`), nil when the modem does not say.
  public var battery: Int?

  /// Nothing known yet.
  public init() {}

  /// Signal bars, 0–4, from `<rssi>` (2–9 one, 10–14 two, 15–19 three, 20
  /// and up four, as handsets commonly draw them).
  public var bars: Int {
    guard let signal else { return 0 }
    switch signal {
    case ..<2: return 0
    case ..<10: return 1
    case ..<15: return 2
    case ..<20: return 3
    default: return 4
    }
  }
}
