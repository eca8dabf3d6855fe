/// The three colours of the glass in one backlight state: the glass between
/// the dots, a dot that is on, and a dot that is off (faintly visible, as on
/// a real module).
public struct LCDShades: Sendable, Hashable {
  /// The glass around and between the dots.
  public var glass: RGBColor
  /// A dot that is on.
  public var dotOn: RGBColor
  /// A dot that is off.
  public var dotOff: RGBColor

  /// The three colours.
  public init(glass: RGBColor, dotOn: RGBColor, dotOff: RGBColor) {
    self.glass = glass
    self.dotOn = dotOn
    self.dotOff = dotOff
  }
}
