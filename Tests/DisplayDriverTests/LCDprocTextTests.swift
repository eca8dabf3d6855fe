import DisplayDriver
import Testing

@Suite("LCDprocText")
struct LCDprocTextTests {
  @Test(
    "Characters become Latin-1 bytes: as they are when Latin-1 has them, else a glyph's fallback, a look-alike, the base letter or '?'",
    arguments: [
      ("A", 0x41), ("~", 0x7E), ("ü", 0xFC), ("£", 0xA3), ("\u{A0}", 0x20), ("↑", 0x5E),
      ("↓", 0x76), ("€", 0x45), ("✉", 0x40), ("↲", 0x7C), ("□", 0x3F), ("→", 0x3E),
      ("←", 0x3C), ("β", 0xDF), ("μ", 0xB5), ("\u{FF9F}", 0xB0), ("ő", 0x6F), ("ł", 0x6C),
      ("œ", 0x6F), ("Ж", 0x3F), ("ｱ", 0x3F), ("\u{7F}", 0x3F), ("\u{85}", 0x3F),
    ] as [(Unicode.Scalar, UInt8)])
  func transcodes(scalar: Unicode.Scalar, byte: UInt8) {
    #expect(LCDprocText.byte(for: scalar) == byte)
  }

  @Test("Quoting escapes double quotes and backslashes, and quotedCount says how long it is")
  func quoting() {
    var line: [UInt8] = []
    let text = Array("say \"hi\" \\o/".utf8)
    LCDprocText.appendQuoted(text[...], to: &line)
    #expect(LCDprocText.string(line[...]) == "\"say \\\"hi\\\" \\\\o/\"")
    #expect(LCDprocText.quotedCount(text[...]) == line.count)
    #expect(LCDprocText.words(line[...]) == [text])
  }

  @Test(
    "Words split as LCDd splits them: spaces, tabs and CRs separate; \"…\" and {…} quote; backslashes escape"
  )
  func words() {
    func split(_ text: String) -> [String]? {
      LCDprocText.words(Array(text.utf8)[...])?.map { LCDprocText.string($0[...]) }
    }
    #expect(split("widget_set s w 1 2 \"a b\"\r") == ["widget_set", "s", "w", "1", "2", "a b"])
    #expect(split("  key\tUp  ") == ["key", "Up"])
    #expect(split("a {b \"c\" d} e") == ["a", "b \"c\" d", "e"])
    #expect(split("a \"x\\ty\\n\\q\"") == ["a", "x\ty\nq"])
    #expect(split("a \"\"") == ["a", ""])
    #expect(split("a \"open") == nil)
    #expect(split("a \\") == nil)
    #expect(split("") == [])
  }

  @Test("Latin-1 bytes read back as the characters they are")
  func latin1RoundTrip() {
    let bytes: [UInt8] = [0x41, 0xFC, 0xDF, 0xB0]
    #expect(LCDprocText.string(bytes[...]) == "Aüß°")
    #expect(LCDprocText.bytes("Aüß°€") == bytes + [0x45])
  }
}
