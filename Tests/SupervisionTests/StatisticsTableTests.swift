import Supervision
import Testing

@Test("the table lists every counter, values in one column")
func statisticsTable_text() {
  var statistics = FieldStatistics()
  statistics[repairs: .lcd] = 3
  statistics[repairs: .book] = 4
  statistics.displayBusErrors = 40
  statistics.keypadUnplugs = 2
  statistics.eventsDropped = 9
  statistics.uptimeSeconds = 3 * 86_400 + 4 * 3_600 + 12 * 60 + 59
  statistics.keyPresses = 12_345
  statistics.starts = 6
  statistics.messagesReceived = 12
  statistics.modemTimeouts = 3
  statistics.callsMissed = 2
  statistics.ussdRequests = 5
  let lines = StatisticsTable.text(statistics).split(separator: "\n").map(String.init)
  #expect(lines.count == 32)
  #expect(lines[0] == "repairs           7")
  #expect(lines[1] == "  lcd             3")
  #expect(lines[6] == "  book            4")
  #expect(lines.contains("  bus errors      40"))
  #expect(lines.contains("  unplugs         2"))
  #expect(lines.contains("  events dropped  9"))
  #expect(lines.contains("uptime            3 d 4 h 12 min"))
  #expect(lines.contains("key presses       12345"))
  #expect(lines.last == "starts            6")
  #expect(lines.contains("display") && lines.contains("keypad"))
  #expect(lines.contains("messages") && lines.contains("modem"))
  #expect(lines.contains("  received        12"))
  #expect(lines.contains("  timeouts        3"))
  #expect(lines.contains("calls"))
  #expect(lines.contains("  missed          2"))
  #expect(lines.contains("  USSD requests   5"))
}

@Test("durations read as days, hours, minutes and seconds")
func statisticsTable_duration() {
  #expect(StatisticsTable.duration(seconds: 0) == "0 s")
  #expect(StatisticsTable.duration(seconds: 59) == "59 s")
  #expect(StatisticsTable.duration(seconds: 60) == "1 min 0 s")
  #expect(StatisticsTable.duration(seconds: 725) == "12 min 5 s")
  #expect(StatisticsTable.duration(seconds: 3_600 + 12 * 60 + 9) == "1 h 12 min")
  #expect(StatisticsTable.duration(seconds: 86_400) == "1 d 0 h 0 min")
  #expect(StatisticsTable.duration(seconds: 3 * 86_400 + 4 * 3_600 + 12 * 60) == "3 d 4 h 12 min")
}
