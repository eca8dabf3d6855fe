import SMS
import ScenarioText

extension NetworkAction {
  /// The action as a scenario writes it: `network sms FROM "TEXT"`,
  /// `network pdu HEX`, `network refuse-sends`, `network accept-sends` —
  /// what the parser reads back as this action.
  public var directive: String {
    switch self {
    case .sms(let from, let text): "network sms \(from) \(FlightReportWriter.literal(text))"
    case .pdu(let bytes): "network pdu \(Hex.string(bytes))"
    case .refusesSends(let refuses): "network \(refuses ? "refuse-sends" : "accept-sends")"
    }
  }
}
