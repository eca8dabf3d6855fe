import Vocabulary

/// The clock a run loop reads: the system's monotonic clock on a device,
/// a hand-moved one in tests.
public protocol RunClock {
  /// The firmware's time now.
  var now: Instant { get }
}
