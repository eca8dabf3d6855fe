/// How the supervisor watches: chosen at start-up, fixed after.
public struct SupervisorSettings: Sendable {
  /// Whether the watchdog looks at all.
  public var watchdog = true
  /// How often the watchdog looks.
  public var interval: Duration = .seconds(1)
  /// How often held keys are compared with the keypad's own state, while
  /// any is held: a release lost on the way is found this soon, before it
  /// shifts a multi-tap timeout or turns a tap into a long press.
  public var keyCheckInterval: Duration = .milliseconds(50)
  /// How many key edges the flight recorder keeps.
  public var recorderEdges = 2048
  /// Whether a repair writes a flight report.
  public var reportsOnRepair = true

  /// The firmware's defaults.
  public init() {}
}
