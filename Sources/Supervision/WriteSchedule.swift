import Vocabulary

/// When a periodic file write is due: at the first chance, then at most
/// once per `interval`, so a counter that changes every second does not
/// wear out a board's flash.
public struct WriteSchedule: Sendable, Equatable {
  /// The least time between two writes.
  public let interval: Duration
  /// When the last write was made (or tried), nil before the first.
  public private(set) var lastWrite: Instant?

  /// A schedule with nothing written yet.
  public init(interval: Duration) {
    self.interval = interval
  }

  /// Whether a write may be made at `now`: none was made yet, `interval`
  /// has passed since the last, or the clock went back.
  public func isDue(at now: Instant) -> Bool {
    guard let lastWrite else { return true }
    return now < lastWrite || now - lastWrite >= interval
  }

  /// Records a write (or a failed try, which waits as long) at `now`.
  public mutating func wrote(at now: Instant) { lastWrite = now }

  /// When the next write may be made, nil before the first (which may be
  /// made at once).
  public var nextDeadline: Instant? { lastWrite.map { $0 + interval } }
}
