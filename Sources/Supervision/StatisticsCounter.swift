/// One of the counters of `FieldStatistics` other than the repairs: its
/// metric name and help text, so that writing and reading the statistics
/// file go through one list.
public enum StatisticsCounter: Sendable, CaseIterable, Hashable {
  /// `displayBusErrors`.
  case displayBusErrors
  /// `displayRecoveries`.
  case displayRecoveries
  /// `keypadUnplugs`.
  case keypadUnplugs
  /// `keypadResyncs`.
  case keypadResyncs
  /// `stuckKeys`.
  case stuckKeys
  /// `eventsDropped`.
  case eventsDropped
  /// `reportsWritten`.
  case reportsWritten
  /// `uptimeSeconds`.
  case uptimeSeconds
  /// `keyPresses`.
  case keyPresses
  /// `starts`.
  case starts
  /// `messagesReceived`.
  case messagesReceived
  /// `messagesSent`.
  case messagesSent
  /// `messagesFailed`.
  case messagesFailed
  /// `modemResets`.
  case modemResets
  /// `modemTimeouts`.
  case modemTimeouts
  /// `callsMade`.
  case callsMade
  /// `callsReceived`.
  case callsReceived
  /// `callsMissed`.
  case callsMissed
  /// `ussdRequests`.
  case ussdRequests

  /// The counter's position, for fixed-size bookkeeping.
  public var index: Int {
    switch self {
    case .displayBusErrors: 0
    case .displayRecoveries: 1
    case .keypadUnplugs: 2
    case .keypadResyncs: 3
    case .stuckKeys: 4
    case .eventsDropped: 5
    case .reportsWritten: 6
    case .uptimeSeconds: 7
    case .keyPresses: 8
    case .starts: 9
    case .messagesReceived: 10
    case .messagesSent: 11
    case .messagesFailed: 12
    case .modemResets: 13
    case .modemTimeouts: 14
    case .callsMade: 15
    case .callsReceived: 16
    case .callsMissed: 17
    case .ussdRequests: 18
    }
  }

  /// The Prometheus metric name, `t9phone_…_total`.
  public var metricName: String {
    switch self {
    case .displayBusErrors: "t9phone_display_bus_errors_total"
    case .displayRecoveries: "t9phone_display_recoveries_total"
    case .keypadUnplugs: "t9phone_keypad_unplugs_total"
    case .keypadResyncs: "t9phone_keypad_resyncs_total"
    case .stuckKeys: "t9phone_stuck_keys_total"
    case .eventsDropped: "t9phone_events_dropped_total"
    case .reportsWritten: "t9phone_reports_written_total"
    case .uptimeSeconds: "t9phone_uptime_seconds_total"
    case .keyPresses: "t9phone_key_presses_total"
    case .starts: "t9phone_starts_total"
    case .messagesReceived: "t9phone_messages_received_total"
    case .messagesSent: "t9phone_messages_sent_total"
    case .messagesFailed: "t9phone_messages_failed_total"
    case .modemResets: "t9phone_modem_resets_total"
    case .modemTimeouts: "t9phone_modem_timeouts_total"
    case .callsMade: "t9phone_calls_made_total"
    case .callsReceived: "t9phone_calls_received_total"
    case .callsMissed: "t9phone_calls_missed_total"
    case .ussdRequests: "t9phone_ussd_requests_total"
    }
  }

  /// The metric's `# HELP` text.
  public var help: String {
    switch self {
    case .displayBusErrors: "Display transfers that failed."
    case .displayRecoveries: "Times the display came back after failing."
    case .keypadUnplugs: "Times the keypad went away."
    case .keypadResyncs:
      "Times the kernel dropped input events and the keypad's state was read again."
    case .stuckKeys: "Keys held past the stuck limit or released by the watchdog."
    case .eventsDropped: "Input events that could not be used (refused or lost)."
    case .reportsWritten: "Flight reports written."
    case .uptimeSeconds: "Seconds the firmware has run, over every start."
    case .keyPresses: "Key presses handled."
    case .starts: "Times the firmware started."
    case .messagesReceived: "Messages received whole (flash messages included)."
    case .messagesSent: "Messages the network took, every part."
    case .messagesFailed: "Messages given up on: refused for good or after three tries."
    case .modemResets: "Times the modem restarted under the driver."
    case .modemTimeouts: "Modem commands that got no answer in time."
    case .callsMade: "Calls the phone dialled (the modem took the number)."
    case .callsReceived: "Calls answered."
    case .callsMissed: "Calls that rang unanswered and were not rejected."
    case .ussdRequests: "USSD codes and menu answers sent."
    }
  }
}
