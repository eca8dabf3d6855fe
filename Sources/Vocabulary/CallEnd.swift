/// Why a call ended, as the modem says it.
public enum CallEnd: Sendable, Hashable {
  /// Either end hung up (`NO CARRIER`, or the call left `+CLCC`'s list).
  case hungUp
  /// The other end is busy (`BUSY`).
  case busy
  /// The other end did not answer (`NO ANSWER`).
  case noAnswer
  /// The modem refused to dial, or lost the call (an error, a restart, the
  /// line gone).
  case failed

  /// `hung-up`, `busy`, `no-answer`, `failed`.
  public var name: String {
    switch self {
    case .hungUp: "hung-up"
    case .busy: "busy"
    case .noAnswer: "no-answer"
    case .failed: "failed"
    }
  }
}
