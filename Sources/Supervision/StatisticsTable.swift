/// The statistics as a table for people (`t9phone stats`): one counter a
/// line, grouped as a dashboard would, values in one column.
public enum StatisticsTable {
  /// The table, each line ending in a newline.
  public static func text(_ statistics: FieldStatistics) -> String {
    var rows: [(label: String, value: String)] = [("repairs", "\(statistics.totalRepairs)")]
    for kind in RepairKind.allCases {
      rows.append(("  \(kind.rawValue)", "\(statistics[repairs: kind])"))
    }
    rows += [
      ("display", ""),
      ("  bus errors", "\(statistics.displayBusErrors)"),
      ("  recoveries", "\(statistics.displayRecoveries)"),
      ("keypad", ""),
      ("  unplugs", "\(statistics.keypadUnplugs)"),
      ("  resyncs", "\(statistics.keypadResyncs)"),
      ("  stuck keys", "\(statistics.stuckKeys)"),
      ("  events dropped", "\(statistics.eventsDropped)"),
      ("messages", ""),
      ("  received", "\(statistics.messagesReceived)"),
      ("  sent", "\(statistics.messagesSent)"),
      ("  failed", "\(statistics.messagesFailed)"),
      ("calls", ""),
      ("  made", "\(statistics.callsMade)"),
      ("  received", "\(statistics.callsReceived)"),
      ("  missed", "\(statistics.callsMissed)"),
      ("  USSD requests", "\(statistics.ussdRequests)"),
      ("modem", ""),
      ("  restarts", "\(statistics.modemResets)"),
      ("  timeouts", "\(statistics.modemTimeouts)"),
      ("reports written", "\(statistics.reportsWritten)"),
      ("uptime", duration(seconds: statistics.uptimeSeconds)),
      ("key presses", "\(statistics.keyPresses)"),
      ("starts", "\(statistics.starts)"),
    ]
    let width = rows.reduce(0) { max($0, $1.label.utf8.count) } + 2
    var text = ""
    for row in rows {
      text += row.label
      if !row.value.isEmpty {
        text += String(repeating: " ", count: width - row.label.utf8.count) + row.value
      }
      text += "\n"
    }
    return text
  }

  /// A span of time as people read it: `45 s`, `12 min 5 s`,
  /// `4 h 12 min`, `3 d 4 h 12 min`.
  public static func duration(seconds: UInt64) -> String {
    let minutes = seconds / 60
    let hours = minutes / 60
    let days = hours / 24
    if days > 0 { return "\(days) d \(hours % 24) h \(minutes % 60) min" }
    if hours > 0 { return "\(hours) h \(minutes % 60) min" }
    if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
    return "\(seconds) s"
  }
}
