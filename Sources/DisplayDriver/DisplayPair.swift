import CharacterLCD
import Vocabulary

/// Two displays fed as one (nest pairs for more): the phone's own screen,
/// `primary`, and a `mirror` that shows the same frames — the simulator's
/// module mirrored on a real display, LCDd with text blocks beside it.
///
/// Frames, service, status lines and closing go to both, and the pair wakes
/// for whichever needs it first. The watchdog looks at the phone's screen
/// only: glass checks and repairs are the primary's, and so are being up to
/// date and failing (readiness follows the phone's screen); the errors and
/// recoveries of both are counted.
public struct DisplayPair<Primary: Display, Mirror: Display>: Display {
  /// The phone's screen: the glass the watchdog checks.
  public var primary: Primary
  /// The display that shows the same frames.
  public var mirror: Mirror

  /// `primary` mirrored on `mirror`.
  public init(_ primary: Primary, mirroredOn mirror: Mirror) {
    self.primary = primary
    self.mirror = mirror
  }

  /// Shows `frame` on both.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    primary.show(frame, at: now)
    mirror.show(frame, at: now)
  }

  /// The earlier of the two deadlines.
  public var nextDeadline: Instant? { Instant.earliest(primary.nextDeadline, mirror.nextDeadline) }

  /// Services both.
  public mutating func service(at now: Instant) {
    primary.service(at: now)
    mirror.service(at: now)
  }

  /// The primary's state, with the errors and recoveries of both.
  public var health: PeripheralHealth {
    var health = primary.health
    let other = mirror.health
    health.errors += other.errors
    health.recoveries += other.recoveries
    return health
  }

  /// The primary's.
  public var glassParts: Int { primary.glassParts }

  /// Looks at the primary's glass.
  public mutating func checkGlass(part: Int) -> GlassCheck { primary.checkGlass(part: part) }

  /// Redraws the primary, whose glass the watchdog found wrong.
  public mutating func redraw(at now: Instant) { primary.redraw(at: now) }

  /// Closes both.
  public mutating func close() {
    primary.close()
    mirror.close()
  }

  /// Gives both the status lines.
  public mutating func showStatus(_ lines: [String]) {
    primary.showStatus(lines)
    mirror.showStatus(lines)
  }
}
