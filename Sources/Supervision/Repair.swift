import Vocabulary

/// One repair the watchdog made: what, when, and the line it logged.
public struct Repair: Sendable, Hashable {
  /// What was repaired.
  public var kind: RepairKind
  /// What was found and done (`glass differs at row 2 col 5: re-initialised
  /// and redrawn`), without the tag.
  public var message: String
  /// The firmware time of the repair.
  public var time: Instant

  /// Creates a repair record.
  public init(kind: RepairKind, message: String, time: Instant) {
    self.kind = kind
    self.message = message
    self.time = time
  }
}
