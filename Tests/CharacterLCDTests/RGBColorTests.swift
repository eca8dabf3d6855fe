import CharacterLCD
import Testing

@Suite("RGB colour")
struct RGBColorTests {
  @Test("0xRRGGBB splits into channels and prints as #rrggbb")
  func hex() {
    let color = RGBColor(hex: 0xA6C93C)
    #expect(color == RGBColor(red: 0xA6, green: 0xC9, blue: 0x3C))
    #expect(color.description == "#a6c93c")
  }
}
