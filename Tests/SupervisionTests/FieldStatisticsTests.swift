import Supervision
import Testing

/// Every counter nonzero and different from every other, so a swapped or
/// dropped field shows.
private func distinctStatistics() -> FieldStatistics {
  var statistics = FieldStatistics()
  for (offset, kind) in RepairKind.allCases.enumerated() {
    statistics[repairs: kind] = UInt64(offset + 1)
  }
  statistics.displayBusErrors = 11
  statistics.displayRecoveries = 12
  statistics.keypadUnplugs = 13
  statistics.keypadResyncs = 14
  statistics.stuckKeys = 15
  statistics.eventsDropped = 16
  statistics.reportsWritten = 17
  statistics.uptimeSeconds = 274_335
  statistics.keyPresses = 123_456_789
  statistics.starts = FieldStatistics.maximumCount
  statistics.messagesReceived = 21
  statistics.messagesSent = 22
  statistics.messagesFailed = 23
  statistics.modemResets = 24
  statistics.modemTimeouts = 25
  statistics.callsMade = 26
  statistics.callsReceived = 27
  statistics.callsMissed = 28
  statistics.ussdRequests = 29
  return statistics
}

/// The error parsing `text` gives, or nil when it parses.
private func parseError(_ text: String) -> StatisticsFileError? {
  do {
    _ = try FieldStatistics(parsing: text, file: "s.prom")
    return nil
  } catch {
    return error
  }
}

@Test("the text has every metric with its exact name and value, all counters")
func fieldStatistics_text() {
  let text = distinctStatistics().prometheusText
  let lines = text.split(separator: "\n").map(String.init)
  for expected in [
    #"t9phone_repairs_total{kind="lcd"} 1"#, #"t9phone_repairs_total{kind="editor"} 2"#,
    #"t9phone_repairs_total{kind="stack"} 3"#, #"t9phone_repairs_total{kind="keypad"} 4"#,
    #"t9phone_repairs_total{kind="clock"} 5"#, #"t9phone_repairs_total{kind="book"} 6"#,
    "t9phone_display_bus_errors_total 11", "t9phone_display_recoveries_total 12",
    "t9phone_keypad_unplugs_total 13", "t9phone_keypad_resyncs_total 14",
    "t9phone_stuck_keys_total 15", "t9phone_events_dropped_total 16",
    "t9phone_reports_written_total 17", "t9phone_uptime_seconds_total 274335",
    "t9phone_key_presses_total 123456789", "t9phone_starts_total 9223372036854775807",
    "t9phone_messages_received_total 21", "t9phone_messages_sent_total 22",
    "t9phone_messages_failed_total 23", "t9phone_modem_resets_total 24",
    "t9phone_modem_timeouts_total 25", "t9phone_calls_made_total 26",
    "t9phone_calls_received_total 27", "t9phone_calls_missed_total 28",
    "t9phone_ussd_requests_total 29",
  ] {
    #expect(lines.contains(expected), "missing \(expected)")
  }
  #expect(lines.filter { !$0.hasPrefix("#") }.count == 26)
  let types = lines.filter { $0.hasPrefix("# TYPE ") }
  #expect(types.count == 20)
  #expect(types.allSatisfy { $0.hasSuffix(" counter") })
  #expect(
    lines.first == "# HELP t9phone_repairs_total "
      + "Repairs made by the watchdog, by kind (lcd, editor, stack, keypad, clock, book, modem).")
  #expect(distinctStatistics().metricFamilies.map(\.name).count == 20)
}

@Test("all kinds of repairs are written even at zero")
func fieldStatistics_zeroKinds() {
  let lines = FieldStatistics().prometheusText.split(separator: "\n")
  for kind in ["lcd", "editor", "stack", "keypad", "clock", "book"] {
    #expect(lines.contains(Substring(#"t9phone_repairs_total{kind="\#(kind)"} 0"#)))
  }
}

@Test("the text parses back to the same counters")
func fieldStatistics_roundTrip() throws {
  let statistics = distinctStatistics()
  let parsed = try FieldStatistics(parsing: statistics.prometheusText, file: "s.prom")
  #expect(parsed == statistics)
  #expect(parsed.prometheusText == statistics.prometheusText)
  #expect(try FieldStatistics(parsing: "", file: "s.prom") == FieldStatistics())
}

@Test("comments, blank lines, blanks and label spacing are accepted")
func fieldStatistics_lenient() throws {
  let text = """
    # a comment

      # TYPE t9phone_starts_total counter
    t9phone_starts_total\t 7 \t
    t9phone_repairs_total{ kind = "book" , } 2
    t9phone_repairs_total {kind="lcd"} 9
    """
  let parsed = try FieldStatistics(parsing: text, file: "s.prom")
  #expect(parsed.starts == 7)
  #expect(parsed[repairs: .book] == 2)
  #expect(parsed[repairs: .lcd] == 9)
  #expect(parsed.keyPresses == 0)
}

@Test("samples of unknown metrics and unknown repair kinds are skipped")
func fieldStatistics_unknown() throws {
  let text = """
    t9phone_key_presses_total 5
    t9phone_battery_volts{cell="1",note="a \\"b\\" \\\\ \\n"} 3.7
    t9phone_battery_volts{cell="1",note="x"} 3.7
    t9phone_future_total -1e-3
    t9phone_gauge NaN
    t9phone_repairs_total{kind="warp"} 4
    t9phone_repairs_total{kind="warp"} 4.5
    t9phone_repairs_total{kind="lcd"} 1
    """
  let parsed = try FieldStatistics(parsing: text, file: "s.prom")
  var expected = FieldStatistics()
  expected.keyPresses = 5
  expected[repairs: .lcd] = 1
  #expect(parsed == expected)
}

@Test(
  "malformed lines, bad values and duplicates are refused with line and column",
  arguments: [
    ("t9phone_starts_total 1\nt9phone_stuck_keys_total -4", 2, 26, "cannot be negative"),
    ("t9phone_stuck_keys_total 1.5", 1, 26, "expected a whole number, found '1.5'"),
    ("t9phone_stuck_keys_total 1e3", 1, 26, "expected a whole number"),
    ("t9phone_stuck_keys_total NaN", 1, 26, "expected a whole number"),
    ("t9phone_stuck_keys_total 9223372036854775808", 1, 26, "too large"),
    ("t9phone_stuck_keys_total 99999999999999999999999", 1, 26, "too large"),
    ("t9phone_stuck_keys_total", 1, 25, "expected a value"),
    ("t9phone_stuck_keys_total 1 2", 1, 28, "unexpected text after the value"),
    ("t9phone_stuck_keys_total{kind=\"lcd\"} 1", 1, 26, "takes no labels"),
    ("# x\n\nt9phone_stuck_keys_total 1\nt9phone_stuck_keys_total 1", 4, 1, "line 3"),
    (
      "t9phone_repairs_total{kind=\"lcd\"} 1\nt9phone_repairs_total{kind=\"lcd\"} 2", 2, 1,
      "line 1"
    ),
    ("t9phone_repairs_total 1", 1, 1, "needs a kind label"),
    ("t9phone_repairs_total{kind=\"lcd\",board=\"x\"} 1", 1, 34, "unexpected label 'board'"),
    ("t9phone_repairs_total{kind=\"lcd\",kind=\"book\"} 1", 1, 34, "duplicate label 'kind'"),
    ("t9phone_repairs_total{kind=\"lcd} 1", 1, 28, "unterminated label value"),
    ("t9phone_repairs_total{kind=\"l\\cd\"} 1", 1, 30, "unknown escape"),
    ("t9phone_repairs_total{kind=lcd} 1", 1, 28, "expected '\"'"),
    ("t9phone_repairs_total{kind \"lcd\"} 1", 1, 28, "expected '='"),
    ("t9phone_repairs_total{kind=\"lcd\" 1", 1, 34, "expected ',' or '}'"),
    ("t9phone_repairs_total{9=\"lcd\"} 1", 1, 23, "expected a label name"),
    ("t9phone_repairs_total{kind=\"lcd\"}1", 1, 34, "expected a space"),
    ("t9phone-x 1", 1, 8, "expected a space"),
    ("9lives 1", 1, 1, "expected a metric name"),
    ("  {kind=\"lcd\"} 1", 1, 3, "expected a metric name"),
    ("t9phone_future_total one", 1, 22, "expected a number, found 'one'"),
    ("t9phone_repairs_total{kind=\"warp\"} 1e", 1, 36, "expected a number"),
    ("t9phone_stuck_keys_total 1\r", 1, 26, "expected a whole number"),
  ])
func fieldStatistics_refusals(text: String, line: Int, column: Int, reason: String) throws {
  let error = try #require(parseError(text), "accepted: \(text)")
  #expect(error.line == line)
  #expect(error.column == column)
  #expect(error.reason.contains(reason), "\(error.reason)")
  #expect(error.description.hasPrefix("s.prom:\(line):\(column): error: "))
}

@Test("the largest count parses; sums stop there instead of trapping")
func fieldStatistics_saturation() throws {
  let largest = try FieldStatistics(
    parsing: "t9phone_key_presses_total 9223372036854775807", file: "s.prom")
  #expect(largest.keyPresses == FieldStatistics.maximumCount)
  var one = FieldStatistics()
  one.keyPresses = 1
  one[repairs: .clock] = 2
  one.starts = 3
  var huge = FieldStatistics()
  huge.keyPresses = .max
  huge[repairs: .clock] = FieldStatistics.maximumCount - 1
  huge.starts = 4
  let sum = huge + one
  #expect(sum.keyPresses == FieldStatistics.maximumCount)
  #expect(sum[repairs: .clock] == FieldStatistics.maximumCount)
  #expect(sum.starts == 7)
  #expect(huge.adding(huge).keyPresses == FieldStatistics.maximumCount)
  #expect(try FieldStatistics(parsing: sum.prometheusText, file: "s.prom") == sum)
}

@Test("adding sums every counter of both")
func fieldStatistics_adding() {
  let statistics = distinctStatistics()
  var earlier = statistics
  earlier.starts = 10
  var session = FieldStatistics()
  session.starts = 1
  session[repairs: .editor] = 5
  session.uptimeSeconds = 65
  let total = earlier + session
  #expect(total.starts == 11)
  #expect(total[repairs: .editor] == 7)
  #expect(total[repairs: .lcd] == 1)
  #expect(total.uptimeSeconds == 274_400)
  #expect(total.keyPresses == 123_456_789)
  #expect(FieldStatistics() + FieldStatistics() == FieldStatistics())
}

@Test("each counter reads and writes its own field")
func fieldStatistics_counterSubscript() {
  var statistics = FieldStatistics()
  for counter in StatisticsCounter.allCases {
    statistics[counter] = UInt64(counter.index + 100)
  }
  #expect(statistics.displayBusErrors == 100)
  #expect(statistics.keypadResyncs == 103)
  #expect(statistics.uptimeSeconds == 107)
  #expect(statistics.starts == 109)
  #expect(statistics.ussdRequests == 118)
  #expect(Set(StatisticsCounter.allCases.map(\.index)) == Set(0..<19))
  #expect(Set(StatisticsCounter.allCases.map(\.metricName)).count == 19)
}
