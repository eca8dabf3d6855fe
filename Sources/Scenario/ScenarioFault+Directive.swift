import ScenarioText
import Vocabulary

extension ScenarioFault {
  /// The fault as a scenario writes it (`fault modem-reset`,
  /// `fault bus-down 2s`, …): what the parser reads back as this fault.
  public var directive: String {
    switch self {
    case .lcdGarbage: "fault lcd-garbage"
    case .lcdReset: "fault lcd-reset"
    case .busDown(let duration): "fault bus-down \(DurationParser.format(duration))"
    case .stuck(let key): "fault stuck \(key.name)"
    case .clockJump(let duration): "fault clock-jump \(DurationParser.format(duration))"
    case .modemSilent(let duration): "fault modem-silent \(DurationParser.format(duration))"
    case .modemReset: "fault modem-reset"
    case .modemGone(let duration): "fault modem-gone \(DurationParser.format(duration))"
    case .modemResetMidSend: "fault modem-reset-mid-send"
    case .modemHung: "fault modem-hung"
    }
  }

  /// Whether the fault is the modem's (the simulated network makes it).
  public var isModemFault: Bool {
    switch self {
    case .modemSilent, .modemReset, .modemGone, .modemResetMidSend, .modemHung: true
    case .lcdGarbage, .lcdReset, .busDown, .stuck, .clockJump: false
    }
  }
}
