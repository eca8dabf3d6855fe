import CharacterLCD
import Vocabulary

/// One of two kinds of display, chosen at run time: what a run holds when
/// `--display` picks its display, so that the run is specialised once for
/// every display it may have rather than once for each (a board's
/// firmware would otherwise carry a copy of the phone for every kind).
/// Nested, it chooses among more: `DisplayChoice<A, DisplayChoice<B, C>>`.
///
/// The display is held as an optional of each kind and reached by optional
/// chaining, in place: no call copies it.
public struct DisplayChoice<First: Display, Second: Display>: Display {
  /// The display, when it is of the first kind (changed in place).
  public var first: First?
  /// The display, when it is of the second kind (changed in place).
  public var second: Second?

  /// The first kind.
  public init(_ display: First) { first = display }

  /// The second kind.
  public init(_ display: Second) { second = display }

  /// Shows the frame on the display chosen.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    first?.show(frame, at: now)
    second?.show(frame, at: now)
  }

  /// The chosen display's deadline.
  public var nextDeadline: Instant? { first?.nextDeadline ?? second?.nextDeadline }

  /// Services the chosen display.
  public mutating func service(at now: Instant) {
    first?.service(at: now)
    second?.service(at: now)
  }

  /// The chosen display's health.
  public var health: PeripheralHealth { first?.health ?? second?.health ?? PeripheralHealth() }

  /// The chosen display's looks at its glass.
  public var glassParts: Int { first?.glassParts ?? second?.glassParts ?? 0 }

  /// Looks at part of the chosen display's glass.
  public mutating func checkGlass(part: Int) -> GlassCheck {
    first?.checkGlass(part: part) ?? second?.checkGlass(part: part) ?? .unchecked
  }

  /// Redraws the chosen display.
  public mutating func redraw(at now: Instant) {
    first?.redraw(at: now)
    second?.redraw(at: now)
  }

  /// Closes the chosen display.
  public mutating func close() {
    first?.close()
    second?.close()
  }

  /// Status lines for the chosen display.
  public mutating func showStatus(_ lines: [String]) {
    first?.showStatus(lines)
    second?.showStatus(lines)
  }
}
