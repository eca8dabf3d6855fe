import CharsetConversion
import ContactBook
import Testing

@Test(
  "iconv decodes the legacy charsets phones write",
  arguments: [
    ("SHIFT_JIS", [0x8E, 0x52, 0x93, 0x63] as [UInt8], "山田"),
    ("shift_jis", [0x95, 0x5C], "表"),
    ("ISO-8859-1", [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], "Müller"),
    ("WINDOWS-1252", [0x93, 0x41, 0x94, 0x20, 0x80], "\u{201C}A\u{201D} €"),
    ("KOI8-R", [0xEF, 0xCC, 0xD8, 0xC7, 0xC1], "Ольга"),
    ("BIG5", [0xB3, 0xAF], "陳"),
    ("ISO-2022-JP", [0x1B, 0x24, 0x42, 0x30, 0x6C, 0x1B, 0x28, 0x42], "一"),
    ("GB18030", [0xCD, 0xF5], "王"),
    ("UTF-16LE", [0x41, 0x00, 0xA9, 0x03], "AΩ"),
  ])
func iconv_decodes(_ charset: String, _ bytes: [UInt8], _ text: String) {
  #expect(IconvCharsets().decode(bytes, charset: charset) == DecodedText(text))
}

@Test("an unknown charset is nil; invalid sequences become U+FFFD, counted, the rest kept")
func iconv_unknownAndInvalid() {
  #expect(IconvCharsets().decode([0x41], charset: "X-NOT-A-CHARSET") == nil)
  #expect(IconvCharsets().decode([0x41], charset: "UTF-8\u{0}") == nil)
  #expect(
    IconvCharsets().decode([0x41, 0xFF, 0x42, 0x82], charset: "SHIFT_JIS")
      == DecodedText("A\u{FFFD}B\u{FFFD}", replaced: 2))
  let long = [UInt8](repeating: 0xA4, count: 5000)  // "¤" in Latin-1, past one output chunk
  #expect(
    IconvCharsets().decode(long, charset: "ISO-8859-1")
      == DecodedText(String(repeating: "¤", count: 5000)))
}
