import CharacterLCD
import Testing

@Suite("Character ROM")
struct CharacterROMTests {
  @Test("A00 has ¥ at 0x5C and no backslash")
  func a00Yen() {
    #expect(CharacterROM.a00.character(for: 0x5C) == "¥")
    #expect(CharacterROM.a00.code(for: "¥") == 0x5C)
    #expect(CharacterROM.a00.code(for: "\\") == nil)
  }

  @Test("A00 has → and ← at 0x7E and 0x7F and no tilde")
  func a00Arrows() {
    #expect(CharacterROM.a00.character(for: 0x7E) == "→")
    #expect(CharacterROM.a00.character(for: 0x7F) == "←")
    #expect(CharacterROM.a00.code(for: "→") == 0x7E)
    #expect(CharacterROM.a00.code(for: "~") == nil)
  }

  @Test("A02 has backslash, tilde and ⌂ where A00 differs")
  func a02Ascii() {
    #expect(CharacterROM.a02.character(for: 0x5C) == "\\")
    #expect(CharacterROM.a02.code(for: "\\") == 0x5C)
    #expect(CharacterROM.a02.character(for: 0x7E) == "~")
    #expect(CharacterROM.a02.code(for: "~") == 0x7E)
    #expect(CharacterROM.a02.character(for: 0x7F) == "⌂")
  }

  @Test("ASCII 0x20–0x7D is the same on both ROMs, except A00's ¥", arguments: CharacterROM.all)
  func ascii(rom: CharacterROM) {
    for code in UInt8(0x20)...0x7D where !(rom == .a00 && code == 0x5C) {
      #expect(rom.character(for: code) == Unicode.Scalar(code))
      #expect(rom.code(for: Unicode.Scalar(code)) == code)
    }
  }

  @Test("ü is 0xF5 on A00 and 0xFC on A02; é only on A02")
  func accentedLetters() {
    #expect(CharacterROM.a00.code(for: "ü") == 0xF5)
    #expect(CharacterROM.a02.code(for: "ü") == 0xFC)
    #expect(CharacterROM.a02.code(for: "é") == 0xE9)
    #expect(CharacterROM.a00.code(for: "é") == nil)
    #expect(CharacterROM.a00.character(for: 0xF5) == "ü")
    #expect(CharacterROM.a02.character(for: 0xE9) == "é")
  }

  @Test(
    "A00's symbols sit where the note says",
    arguments: [
      ("α", 0xE0), ("ä", 0xE1), ("β", 0xE2), ("√", 0xE8), ("¢", 0xEC), ("£", 0xED), ("ñ", 0xEE),
      ("ö", 0xEF), ("θ", 0xF2), ("∞", 0xF3), ("Ω", 0xF4), ("Σ", 0xF6), ("π", 0xF7), ("÷", 0xFD),
      ("█", 0xFF),
    ] as [(Unicode.Scalar, UInt8)])
  func a00Symbols(character: Unicode.Scalar, code: UInt8) {
    #expect(CharacterROM.a00.code(for: character) == code)
    #expect(CharacterROM.a00.character(for: code) == character)
  }

  @Test("A00 has the half-width katakana of JIS X 0201 at 0xA1–0xDF")
  func katakana() {
    for code in UInt8(0xA1)...0xDF {
      let expected = Unicode.Scalar(0xFF61 + UInt32(code - 0xA1))
      #expect(CharacterROM.a00.character(for: code) == expected)
    }
    #expect(CharacterROM.a00.code(for: "ｱ") == 0xB1)
    #expect(CharacterROM.a00.code(for: "ｶ") == 0xB6)
    #expect(CharacterROM.a00.code(for: "ﾝ") == 0xDD)
    #expect(CharacterROM.a00.code(for: "\u{FF9F}") == 0xDF)  // ﾟ, also the degree sign
    #expect(CharacterROM.a02.code(for: "ｱ") == nil)
  }

  @Test("A02 has Cyrillic capitals at 0x80 and arrows at 0x10–0x1F")
  func a02Cyrillic() {
    let rom = CharacterROM.a02
    #expect(rom.code(for: "Б") == 0x80)
    #expect(rom.code(for: "Ж") == 0x82)
    #expect(rom.code(for: "Э") == 0x8F)
    #expect(rom.code(for: "Ю") == 0xAC)
    #expect(rom.code(for: "Я") == 0xAD)
    #expect(rom.code(for: "↑") == 0x18)
    #expect(rom.code(for: "↓") == 0x19)
    #expect(rom.code(for: "↲") == 0x17)
    #expect(CharacterROM.a00.code(for: "Ж") == nil)
    #expect(CharacterROM.a00.code(for: "↑") == nil)
  }

  @Test("Codes 0x00–0x0F are CGRAM, not ROM characters", arguments: CharacterROM.all)
  func cgramCodes(rom: CharacterROM) {
    for code in UInt8(0)...0x0F { #expect(rom.character(for: code) == nil) }
  }

  @Test(
    "code(for: character(for: c)) finds a code that shows the same character",
    arguments: CharacterROM.all)
  func roundTripCodes(rom: CharacterROM) throws {
    var defined = 0
    for code in UInt8(0x10)...0xFF {
      guard let character = rom.character(for: code) else { continue }
      defined += 1
      let back = try #require(rom.code(for: character), "\(rom) 0x\(String(code, radix: 16))")
      // Several codes can show one character (A00's second "g" at 0xE7):
      // then the lowest one is used.
      let sameCharacter = (UInt8(0x10)...0xFF).filter { rom.character(for: $0) == character }
      #expect(back == sameCharacter.first, "\(rom) \(character)")
    }
    #expect(defined > 150)
  }

  @Test("Every code a ROM gives for a character shows that character", arguments: CharacterROM.all)
  func codesShowTheirCharacter(rom: CharacterROM) {
    var found = 0
    for value in UInt32(0)...0x1_FFFF {
      guard let scalar = Unicode.Scalar(value), let code = rom.code(for: scalar) else { continue }
      found += 1
      #expect(code >= 0x10, "\(rom) gives CGRAM code \(code) for U+\(String(value, radix: 16))")
      #expect(rom.character(for: code) == scalar, "\(rom) U+\(String(value, radix: 16))")
    }
    #expect(found > 150)
  }

  @Test("ROMs are found by name in any case")
  func names() {
    #expect(CharacterROM(name: "a00") == .a00)
    #expect(CharacterROM(name: "A02") == .a02)
    #expect(CharacterROM(name: "A01") == nil)
    #expect(CharacterROM.a02.description == "A02")
    #expect(CharacterROM.a00 != CharacterROM.a02)
  }
}
