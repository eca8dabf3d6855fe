/// How a picture of the LCD is drawn: the module's colours, the scale, and
/// which half of its cycle a blinking cursor shows.
public struct PictureOptions: Sendable, Hashable {
  /// The module's colours.
  public var palette: LCDPalette
  /// The scale factor (see `PictureLayout`; clamped to 1–8 when drawn).
  public var scale: Int
  /// What a blinking cursor's cell shows.
  public var blinkPhase: BlinkPhase

  /// Options; by default yellow-green at scale 2 with the blink block shown.
  public init(palette: LCDPalette = .yellowGreen, scale: Int = 2, blinkPhase: BlinkPhase = .block) {
    self.palette = palette
    self.scale = scale
    self.blinkPhase = blinkPhase
  }
}
