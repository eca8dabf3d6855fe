import Vocabulary

/// A display that takes each frame at once and cannot be read back — the
/// terminal, text blocks, nowhere: it never needs the clock, never fails,
/// has no glass to check and nothing to redraw or close. Conformers write
/// `show(_:at:)` only; the rest is here.
public protocol ImmediateDisplay: Display {}

extension ImmediateDisplay {
  /// Never: the frame was taken at once.
  public var nextDeadline: Instant? { nil }

  /// Nothing to do.
  public mutating func service(at now: Instant) {}

  /// Up to date, never failing.
  public var health: PeripheralHealth { PeripheralHealth() }

  /// One look, which sees nothing.
  public var glassParts: Int { 1 }

  /// Nothing can be read back.
  public mutating func checkGlass(part: Int) -> GlassCheck { .unchecked }

  /// Nothing to redraw: every frame was whole.
  public mutating func redraw(at now: Instant) {}

  /// Nothing to close.
  public mutating func close() {}
}
