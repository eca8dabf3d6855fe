import Vocabulary

/// Keeps the input clock honest: key edges come stamped by the device (or
/// a scenario), and a clock that jumps — back, or ahead of the moment the
/// edge was read — would make the firmware refuse every edge until time
/// caught up, or fire long presses that never happened. A jump is
/// re-based onto the firmware's clock at once, so no edge is lost, and
/// reported; an edge a little older than the firmware's time (read late)
/// is moved up to it.
public struct InputClockGuard: Sendable {
  /// How far an edge may lie before the firmware's time and still count as
  /// read late rather than as a jump.
  public var pastTolerance: Duration
  /// How far an edge may lie after the moment it was read before it counts
  /// as a jump.
  public var futureTolerance: Duration
  private var correction: Int64 = 0
  /// Jumps found so far.
  public private(set) var jumps = 0

  /// A guard with the given tolerances.
  public init(
    pastTolerance: Duration = .milliseconds(250), futureTolerance: Duration = .milliseconds(100)
  ) {
    self.pastTolerance = pastTolerance
    self.futureTolerance = futureTolerance
  }

  /// The firmware time for an edge stamped `stamp` on the input clock,
  /// read at `arrival` (firmware time) while the firmware's clock stands at
  /// `firmwareNow`; `jump` is how far the input clock moved (nil: it did
  /// not).
  public mutating func place(_ stamp: Instant, arrivedAt arrival: Instant, firmwareNow: Instant)
    -> (time: Instant, jump: Duration?)
  {
    var time = Instant(microseconds: stamp.microseconds &+ correction)
    var jump: Duration?
    if time > arrival + futureTolerance || time + pastTolerance < firmwareNow {
      let target = arrival < firmwareNow ? firmwareNow : arrival
      let moved = time.microseconds &- target.microseconds
      correction &+= target.microseconds &- time.microseconds
      time = target
      jump = .microseconds(moved)
      jumps += 1
    }
    if time < firmwareNow { time = firmwareNow }
    return (time, jump)
  }
}
