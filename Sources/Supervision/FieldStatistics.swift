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

  /// All zero.
  public init() {}

  /// The repairs of `kind`.
  public subscript(repairs kind: RepairKind) -> UInt64 {
    get { repairs[kind.index] }
    set { repairs[kind.index] = newValue }
  }

  /// Every repair, of any kind.
  public var totalRepairs: UInt64 { repairs.reduce(0, &+) }
}
