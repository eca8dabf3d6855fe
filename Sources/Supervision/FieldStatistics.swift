/// Counters a board keeps across restarts, for a fleet's dashboard: how
/// often the watchdog repaired what, how the display bus and the keypad
/// fared, what was lost, and how long and how much the phone was used.
public struct FieldStatistics: Sendable, Equatable {
  /// Repairs by kind, indexed by `RepairKind.index`.
  public private(set) var repairs: [UInt64] = Array(repeating: 0, count: RepairKind.allCases.count)
  /// Display transfers that failed.
  public var displayBusErrors: UInt64 = 0
  /// Times the display came back after failing.
  public var displayRecoveries: UInt64 = 0
  /// Times the keypad went away.
  public var keypadUnplugs: UInt64 = 0
  /// Times the kernel dropped events and the keypad's state was read again.
  public var keypadResyncs: UInt64 = 0
  /// Keys held past the stuck limit or released by the watchdog.
  public var stuckKeys: UInt64 = 0
  /// Input events that could not be used (refused or lost).
  public var eventsDropped: UInt64 = 0
  /// Flight reports written.
  public var reportsWritten: UInt64 = 0
  /// Seconds the firmware has run, over every start.
  public var uptimeSeconds: UInt64 = 0
  /// Key presses handled.
  public var keyPresses: UInt64 = 0
  /// Times the firmware started.
  public var starts: UInt64 = 0
  /// Messages received whole.
  public var messagesReceived: UInt64 = 0
  /// Messages the network took.
  public var messagesSent: UInt64 = 0
  /// Messages given up on.
  public var messagesFailed: UInt64 = 0
  /// Times the modem restarted under the driver.
  public var modemResets: UInt64 = 0
  /// Modem commands that got no answer in time.
  public var modemTimeouts: UInt64 = 0
  /// Calls dialled.
  public var callsMade: UInt64 = 0
  /// Calls answered.
  public var callsReceived: UInt64 = 0
  /// Calls missed.
  public var callsMissed: UInt64 = 0
  /// USSD codes and menu answers sent.
  public var ussdRequests: UInt64 = 0

  /// All zero.
  public init() {}

  /// The repairs of `kind`.
  public subscript(repairs kind: RepairKind) -> UInt64 {
    get { repairs[kind.index] }
    set { repairs[kind.index] = newValue }
  }

  /// Every repair, of any kind.
  public var totalRepairs: UInt64 { repairs.reduce(0, &+) }

  /// The largest count the statistics file holds (`Int64.max`, the range
  /// of `MetricSample`): sums stop there instead of trapping or wrapping.
  public static let maximumCount = UInt64(Int64.max)

  /// The counter `counter` (every field but the repairs).
  public subscript(counter: StatisticsCounter) -> UInt64 {
    get {
      switch counter {
      case .displayBusErrors: displayBusErrors
      case .displayRecoveries: displayRecoveries
      case .keypadUnplugs: keypadUnplugs
      case .keypadResyncs: keypadResyncs
      case .stuckKeys: stuckKeys
      case .eventsDropped: eventsDropped
      case .reportsWritten: reportsWritten
      case .uptimeSeconds: uptimeSeconds
      case .keyPresses: keyPresses
      case .starts: starts
      case .messagesReceived: messagesReceived
      case .messagesSent: messagesSent
      case .messagesFailed: messagesFailed
      case .modemResets: modemResets
      case .modemTimeouts: modemTimeouts
      case .callsMade: callsMade
      case .callsReceived: callsReceived
      case .callsMissed: callsMissed
      case .ussdRequests: ussdRequests
      }
    }
    set {
      switch counter {
      case .displayBusErrors: displayBusErrors = newValue
      case .displayRecoveries: displayRecoveries = newValue
      case .keypadUnplugs: keypadUnplugs = newValue
      case .keypadResyncs: keypadResyncs = newValue
      case .stuckKeys: stuckKeys = newValue
      case .eventsDropped: eventsDropped = newValue
      case .reportsWritten: reportsWritten = newValue
      case .uptimeSeconds: uptimeSeconds = newValue
      case .keyPresses: keyPresses = newValue
      case .starts: starts = newValue
      case .messagesReceived: messagesReceived = newValue
      case .messagesSent: messagesSent = newValue
      case .messagesFailed: messagesFailed = newValue
      case .modemResets: modemResets = newValue
      case .modemTimeouts: modemTimeouts = newValue
      case .callsMade: callsMade = newValue
      case .callsReceived: callsReceived = newValue
      case .callsMissed: callsMissed = newValue
      case .ussdRequests: ussdRequests = newValue
      }
    }
  }

  /// Every counter of both added, each stopping at `maximumCount`: the
  /// totals persisted from earlier runs plus this run's.
  public func adding(_ other: FieldStatistics) -> FieldStatistics {
    func sum(_ left: UInt64, _ right: UInt64) -> UInt64 {
      let (total, overflow) = left.addingReportingOverflow(right)
      return overflow ? FieldStatistics.maximumCount : min(total, FieldStatistics.maximumCount)
    }
    var result = FieldStatistics()
    for kind in RepairKind.allCases {
      result[repairs: kind] = sum(self[repairs: kind], other[repairs: kind])
    }
    for counter in StatisticsCounter.allCases {
      result[counter] = sum(self[counter], other[counter])
    }
    return result
  }

  /// `lhs.adding(rhs)`.
  public static func + (lhs: FieldStatistics, rhs: FieldStatistics) -> FieldStatistics {
    lhs.adding(rhs)
  }
}
