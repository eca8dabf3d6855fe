/// The colours of a kind of character LCD, with the backlight on and off.
///
/// Two kinds are common: yellow-green (dark dots on a yellow-green glass,
/// still readable without the backlight) and blue-white (light dots on a
/// blue glass, nearly unreadable without it).
public struct LCDPalette: Sendable, Hashable, CustomStringConvertible {
  /// The palette's name: `yellow-green` or `blue-white`.
  public let name: String
  /// The module's frame around the glass.
  public let bezel: RGBColor
  /// The glass with the backlight on.
  public let backlightOn: LCDShades
  /// The glass with the backlight off.
  public let backlightOff: LCDShades

  /// Dark dots on yellow-green glass, the classic module.
  public static let yellowGreen = LCDPalette(
    name: "yellow-green", bezel: RGBColor(hex: 0x1E2416),
    backlightOn: LCDShades(
      glass: RGBColor(hex: 0xA6C93C), dotOn: RGBColor(hex: 0x243010),
      dotOff: RGBColor(hex: 0x98BC34)),
    backlightOff: LCDShades(
      glass: RGBColor(hex: 0x6E7748), dotOn: RGBColor(hex: 0x252A18),
      dotOff: RGBColor(hex: 0x666F42)))

  /// White dots on blue glass.
  public static let blueWhite = LCDPalette(
    name: "blue-white", bezel: RGBColor(hex: 0x14161C),
    backlightOn: LCDShades(
      glass: RGBColor(hex: 0x1C3FD0), dotOn: RGBColor(hex: 0xEEF4FF),
      dotOff: RGBColor(hex: 0x284CDC)),
    backlightOff: LCDShades(
      glass: RGBColor(hex: 0x0E1738), dotOn: RGBColor(hex: 0x3A4670),
      dotOff: RGBColor(hex: 0x131E44)))

  /// Every palette.
  public static let all = [yellowGreen, blueWhite]

  /// The palette called `name` (`yellow-green` or `blue-white`).
  public init?(name: String) {
    switch name {
    case "yellow-green": self = .yellowGreen
    case "blue-white": self = .blueWhite
    default: return nil
    }
  }

  private init(name: String, bezel: RGBColor, backlightOn: LCDShades, backlightOff: LCDShades) {
    self.name = name
    self.bezel = bezel
    self.backlightOn = backlightOn
    self.backlightOff = backlightOff
  }

  /// The glass's colours for a backlight state.
  public func shades(backlight: Bool) -> LCDShades { backlight ? backlightOn : backlightOff }

  /// The palette's name.
  public var description: String { name }
}
