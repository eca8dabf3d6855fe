import Firmware
import ScenarioText
import Vocabulary

extension StateLines {
  /// The line `expectation` expects, or nil when it is not about this
  /// state. `expect cursor ROW COL` without a style gives `cursor ROW COL`,
  /// which a harness matches as the start of the reported line.
  static func line(for expectation: Expectation) -> String? {
    switch expectation {
    case .screenName(let name): "screen \(name)"
    case .text(let text): "text \(FlightReportWriter.literal(text))"
    case .mode(let mode): "mode \(FlightReportWriter.literal(mode))"
    case .cursor(let row, let column, let style): cursor((row, column), style: style)
    case .cursorOff: "cursor off"
    case .backlight(let on): "backlight \(on ? "on" : "off")"
    case .inbox(let count): "inbox \(count)"
    case .unread(let count): "unread \(count)"
    case .call(let state): "call \(state.name)"
    case .missed(let count): "missed \(count)"
    default: nil
    }
  }

}
