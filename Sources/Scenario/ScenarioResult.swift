import Diagnostics
import Firmware
import KeypadInput
import Supervision

/// The outcome of running one scenario.
public struct ScenarioResult: Sendable {
  /// The file that was run.
  public var file: String
  /// How many expectations were checked (and held) before any failure.
  public var checksPassed = 0
  /// The first expectation that failed, if one did; the run stops there.
  public var failure: ScenarioFailure?
  /// How many key edges (presses and releases) were fed to the firmware.
  public var keyEvents = 0
  /// The virtual time at the end.
  public var endTime = Instant.zero
  /// Every frame that appeared, when frames were recorded.
  public var frames: [RecordedFrame] = []
  /// The flight reports the run's watchdog wrote (on each repair), oldest
  /// first; `t9phone test --reports DIR` writes them as scenarios.
  public var reports: [FlightReport] = []
  /// The watchdog's repairs by kind.
  public var repairs = RepairCounts()
  /// Every expectation checked, in order: the passed ones and the failure.
  public var checks: [ScenarioCheck] = []

  /// Whether every expectation held.
  public var passed: Bool { failure == nil }

  /// Creates an empty result.
  public init(file: String) {
    self.file = file
  }
}
