import CharacterLCD
import Testing

@Suite("HD44780 write")
struct HD44780WriteTests {
  @Test(
    "Writes read as one line each",
    arguments: [
      (.command(0x01), "cmd  0x01 clear display"),
      (.command(0xC0), "cmd  0xC0 set DDRAM 0x40"),
      (.data(0x48), "data 0x48 'H'"),
      (.data(0x20), "data 0x20 ' '"),
      (.data(0x7E), "data 0x7E '~'"),
      (.data(0x7F), "data 0x7F"),
      (.data(0x05), "data 0x05"),
      (.data(0xFF), "data 0xFF"),
      (.backlight(true), "backlight on"),
      (.backlight(false), "backlight off"),
    ] as [(HD44780Write, String)])
  func description(write: HD44780Write, text: String) {
    #expect(write.description == text)
  }

  @Test("Commands, data and backlight are distinct writes")
  func distinct() {
    #expect(HD44780Write.command(0x01) != .data(0x01))
    #expect(HD44780Write.backlight(true) != .backlight(false))
    #expect(Set<HD44780Write>([.command(1), .data(1), .command(1)]).count == 2)
  }
}
