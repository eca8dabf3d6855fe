import SMS
import ScenarioText
import Vocabulary

extension NetworkAction {
  /// The action as a scenario writes it: `network sms FROM "TEXT"`,
  /// `network pdu HEX`, `network refuse-sends`, `network accept-sends` —
  /// what the parser reads back as this action.
  public var directive: String {
    switch self {
    case .sms(let from, let text): "network sms \(from) \(FlightReportWriter.literal(text))"
    case .pdu(let bytes): "network pdu \(Hex.string(bytes))"
    case .refusesSends(let refuses): "network \(refuses ? "refuse-sends" : "accept-sends")"
    case .call(let from): "network call \(from.isEmpty ? "withheld" : from)"
    case .farEnd(let action): "network \(action.word)"
    case .signal(let value): "network signal \(value)"
    case .registration(let registration): "network registration \(registration.name)"
    case .operatorName(let name): "network operator \(FlightReportWriter.literal(name))"
    case .battery(let percent): "network battery \(percent)"
    case .time(let time): "network time \(time.text)"
    case .sim(let state): "network sim \(state.name)"
    case .ussd(let request, let reply, let menu, let ucs2):
      "network ussd \(FlightReportWriter.literal(request)) \(FlightReportWriter.literal(reply)) \(menu ? "menu" : "end")\(ucs2 ? " ucs2" : "")"
    }
  }
}
