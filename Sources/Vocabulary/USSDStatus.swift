/// How a USSD session stands after the network's reply, or why there is
/// none (TS 27.007 `+CUSD: <m>`, and what the phone adds).
public enum USSDStatus: Sendable, Hashable {
  /// The reply ends the session (`<m>` 0).
  case done
  /// The network waits for an answer (`<m>` 1): a menu.
  case menu
  /// The network ended the session (`<m>` 2).
  case ended
  /// The network does not support the request (`<m>` 4).
  case notSupported
  /// No reply in time (`<m>` 5, or none at all).
  case timedOut
  /// The modem refused the request (an error), or lost it (its line went
  /// away, it restarted).
  case failed

  /// The status of `+CUSD: <m>` (3, another local client, and unknown
  /// values end the session).
  public init(code: Int) {
    switch code {
    case 0: self = .done
    case 1: self = .menu
    case 4: self = .notSupported
    case 5: self = .timedOut
    default: self = .ended
    }
  }

  /// `done`, `menu`, `ended`, `not-supported`, `timed-out`, `failed`.
  public var name: String {
    switch self {
    case .done: "done"
    case .menu: "menu"
    case .ended: "ended"
    case .notSupported: "not-supported"
    case .timedOut: "timed-out"
    case .failed: "failed"
    }
  }
}
