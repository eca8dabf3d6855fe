import CharacterLCD
import Testing

@Suite("LCD picture")
struct LCDPictureTests {
  @Test("A new picture is one colour, 3 bytes a pixel")
  func filled() {
    let color = RGBColor(hex: 0x123456)
    let picture = LCDPicture(width: 4, height: 3, color: color)
    #expect(picture.pixels.count == 36)
    #expect(picture[0, 0] == color)
    #expect(picture[3, 2] == color)
    #expect(Array(picture.pixels.prefix(3)) == [0x12, 0x34, 0x56])
  }

  @Test("fill paints the rectangle only, clipped to the picture")
  func fillClips() {
    let white = RGBColor(hex: 0xFFFFFF)
    let black = RGBColor(hex: 0)
    var picture = LCDPicture(width: 5, height: 4, color: black)
    picture.fill(x: 3, y: -1, width: 10, height: 3, color: white)
    for y in 0..<4 {
      for x in 0..<5 {
        #expect(picture[x, y] == (x >= 3 && y < 2 ? white : black), "(\(x), \(y))")
      }
    }
  }
}
