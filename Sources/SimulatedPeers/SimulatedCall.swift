import Vocabulary

/// A call on the simulated network: its number, who started it, and where
/// it stands.
public struct SimulatedCall: Sendable, Hashable {
  /// The phone's number at the other end.
  public var number: String
  /// Whether the network rang the phone (else the phone dialled).
  public var incoming: Bool
  /// Where the call stands.
  public var state: CallState
}

extension CallState {
  /// The `<stat>` of a `+CLCC` line: 0 active, 2 dialling, 3 alerting,
  /// 4 incoming.
  var listed: Int {
    switch self {
    case .active: 0
    case .dialing, .idle: 2
    case .ringing: 3
    case .incoming: 4
    }
  }
}
