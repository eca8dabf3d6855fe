import Vocabulary

/// The one place where an input's time becomes the firmware's: key edges
/// come stamped on their input's clock (the kernel's `CLOCK_MONOTONIC` on an
/// evdev keypad's events, the times in an evemu recording, the firmware's
/// own clock for the terminal and LCDd's keys), and the supervisor places
/// each one here, once, before anything else sees it.
///
/// Two steps, in order. The input's clock is moved onto the firmware's by
/// its base (`origin` on the input's clock is `start` on the firmware's).
/// Then the clock is kept honest: an input clock that jumps — back, or
/// ahead of the moment the edge was read — would make the firmware refuse
/// every edge until time caught up, or fire long presses that never
/// happened. A jump is corrected at once (onto the moment the edge was
/// read), so no edge is lost, and reported; an edge a little older than the
/// firmware's time (read late) is moved up to it.
public struct InputClock: Sendable {
  /// How far an edge may lie before the firmware's time and still count as
  /// read late rather than as a jump.
  public var pastTolerance: Duration
  /// How far an edge may lie after the moment it was read before it counts
  /// as a jump.
  public var futureTolerance: Duration
  /// The input clock's reading, in microseconds, at `start`.
  public private(set) var origin: Int64
  /// The firmware's instant at `origin`.
  public private(set) var start: Instant
  /// What the jumps found so far moved the input clock by, undone.
  private var correction: Int64 = 0
  /// Jumps found so far.
  public private(set) var jumps = 0

  /// A clock on which the input's `origin` (microseconds) is the firmware's
  /// `start`, with the given tolerances. The defaults suit an input stamped
  /// on the firmware's own clock.
  public init(
    origin: Int64 = 0, start: Instant = .zero,
    pastTolerance: Duration = .milliseconds(250), futureTolerance: Duration = .milliseconds(100)
  ) {
    self.origin = origin
    self.start = start
    self.pastTolerance = pastTolerance
    self.futureTolerance = futureTolerance
  }

  /// Puts the input's `origin` (microseconds) at the firmware's `start`
  /// from now on: a new input clock (a keypad on the kernel's clock, the
  /// next recording). Corrections for jumps found so far are kept.
  public mutating func rebase(origin: Int64, start: Instant) {
    self.origin = origin
    self.start = start
  }

  /// The firmware's instant of `stamp` on the input's clock, by the base
  /// alone (no correction for jumps): when a recorded edge happens.
  public func instant(of stamp: Instant) -> Instant {
    Instant(microseconds: start.microseconds &+ (stamp.microseconds &- origin))
  }

  /// The firmware time for an edge stamped `stamp` on the input's clock,
  /// read at `arrival` (firmware time) while the firmware's clock stands at
  /// `firmwareNow`; `jump` is how far the input clock moved (nil: it did
  /// not).
  public mutating func place(_ stamp: Instant, arrivedAt arrival: Instant, firmwareNow: Instant)
    -> (time: Instant, jump: Duration?)
  {
    var time = Instant(microseconds: instant(of: stamp).microseconds &+ correction)
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
