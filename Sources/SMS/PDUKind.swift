/// Which of the three messages of TS 23.040 a PDU is, as a phone reads
/// them from its modem.
public enum PDUKind: Sendable, Hashable {
  /// A message the network delivered to the phone.
  case deliver
  /// A message the phone submits (or stored to submit).
  case submit
  /// The network's report on a message the phone submitted.
  case statusReport

  /// `SMS-DELIVER`, `SMS-SUBMIT` or `SMS-STATUS-REPORT`.
  public var name: String {
    switch self {
    case .deliver: "SMS-DELIVER"
    case .submit: "SMS-SUBMIT"
    case .statusReport: "SMS-STATUS-REPORT"
    }
  }
}
