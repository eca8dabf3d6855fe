import Vocabulary

/// What the process is asked from outside while the loop runs: to stop
/// (SIGINT, SIGTERM), to write a flight report (SIGUSR1).
public protocol RunSignals {
  /// Whether the run should end.
  var stopRequested: Bool { mutating get }
  /// Whether a report was asked for since the last call.
  mutating func takeReportRequest() -> Bool
}
