import CharacterLCD
import Testing

@Suite("LCD palette")
struct LCDPaletteTests {
  @Test("Palettes are found by name")
  func names() {
    #expect(LCDPalette(name: "yellow-green") == .yellowGreen)
    #expect(LCDPalette(name: "blue-white") == .blueWhite)
    #expect(LCDPalette(name: "green") == nil)
    #expect(LCDPalette.all.map { $0.name } == ["yellow-green", "blue-white"])
  }

  @Test(
    "Every shade is distinct: dots that are off show faintly against the glass",
    arguments: LCDPalette.all)
  func distinct(palette: LCDPalette) {
    for backlight in [true, false] {
      let shades = palette.shades(backlight: backlight)
      #expect(shades.glass != shades.dotOff)
      #expect(shades.glass != shades.dotOn)
      #expect(shades.dotOn != shades.dotOff)
      #expect(palette.bezel != shades.glass)
    }
    #expect(palette.backlightOn != palette.backlightOff)
  }
}
