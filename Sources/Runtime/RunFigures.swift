import Vocabulary

/// What only a run's devices count, added to the supervisor's statistics:
/// display bus errors and recoveries, resyncs of the keypad after dropped
/// kernel events, and keys lost on their way (LCDd's).
public struct RunFigures: Sendable, Hashable {
  /// Failed display transfers or LCDd requests.
  public var displayErrors = 0
  /// Displays that came back after failing.
  public var displayRecoveries = 0
  /// Keypad resyncs (`SYN_DROPPED`).
  public var keypadResyncs = 0
  /// Key events lost before reaching the firmware.
  public var droppedKeys = 0
  /// Times the modem restarted under its driver.
  public var modemResets = 0
  /// Modem commands that got no answer in time.
  public var modemTimeouts = 0

  /// No errors, no resyncs, nothing dropped.
  public init() {}

  /// The errors and recoveries of a display whose health is `display`;
  /// no resyncs, nothing dropped.
  public init(display: PeripheralHealth) {
    displayErrors = display.errors
    displayRecoveries = display.recoveries
  }
}
