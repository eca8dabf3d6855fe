import CharacterLCD
import TestSupport
import Testing

/// The ROM patterns against the HD44780U datasheet's character tables (each
/// glyph below drawn from the table), and against the ROMs' text mapping.
@Suite("ROM font")
struct ROMFontTests {
  @Test(
    "A00 draws the datasheet's glyphs",
    arguments: [
      (0x41, [".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "....."]),  // A
      (0x5C, ["#...#", ".#.#.", "#####", "..#..", "#####", "..#..", "..#..", "....."]),  // ¥
      (0x7E, [".....", "..#..", "...#.", "#####", "...#.", "..#..", ".....", "....."]),  // →
      (0x7F, [".....", "..#..", ".#...", "#####", ".#...", "..#..", ".....", "....."]),  // ←
      (0x67, [".....", ".####", "#...#", "#...#", ".####", "....#", ".###.", "....."]),  // g
      (0x30, [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###.", "....."]),  // 0
      (0xB1, ["#####", "....#", "..#.#", "..##.", "..#..", "..#..", ".#...", "....."]),  // ｱ
      (0xDF, ["###..", "#.#..", "###..", ".....", ".....", ".....", ".....", "....."]),  // ﾟ °
      (0xF5, [".#.#.", ".....", "#...#", "#...#", "#...#", "#...#", "#..##", ".##.#"]),  // ü
      (0xFF, ["#####", "#####", "#####", "#####", "#####", "#####", "#####", "#####"]),  // █
    ] as [(UInt8, [String])])
  func a00Glyphs(code: UInt8, art: [String]) {
    #expect(CharacterROM.a00.dots(for: code) == DotPattern(packed: DotArt.packed(art)))
  }

  @Test(
    "A02 draws the datasheet's glyphs, one row lower than A00's",
    arguments: [
      (0x41, [".....", "..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"]),  // A
      (0x5C, [".....", ".....", "#....", ".#...", "..#..", "...#.", "....#", "....."]),  // \
      (0x7E, [".....", ".....", ".....", ".....", ".##.#", "#..#.", ".....", "....."]),  // ~
      (0x7F, [".....", "..#..", ".#.#.", "#...#", "#...#", "#...#", "#####", "....."]),  // ⌂
      (0x10, [".....", ".#...", ".##..", ".###.", ".####", ".###.", ".##..", ".#..."]),  // ▶
      (0xC0, [".#...", "..#..", "..#..", ".#.#.", "#...#", "#####", "#...#", "#...#"]),  // À
      (0x5F, [".....", ".....", ".....", ".....", ".....", ".....", ".....", "#####"]),  // _
    ] as [(UInt8, [String])])
  func a02Glyphs(code: UInt8, art: [String]) {
    #expect(CharacterROM.a02.dots(for: code) == DotPattern(packed: DotArt.packed(art)))
  }

  @Test("A00 shows ¥ at 0x5C where A02 shows a backslash")
  func yenAndBackslash() throws {
    let yen = try #require(CharacterROM.a00.dots(for: 0x5C))
    let backslash = try #require(CharacterROM.a02.dots(for: 0x5C))
    #expect(CharacterROM.a00.character(for: 0x5C) == "¥")
    #expect(CharacterROM.a02.character(for: 0x5C) == "\\")
    #expect(yen != backslash)
    // The backslash's dots run from the top left to the bottom right.
    for step in 0..<5 { #expect(backslash.isLit(row: 2 + step, column: step)) }
  }

  @Test(
    "A code has a character exactly when the datasheet draws something there",
    arguments: CharacterROM.all)
  func textAgreesWithDots(rom: CharacterROM) throws {
    for code in UInt8(0x10)...0xFF {
      let dots = try #require(rom.dots(for: code))
      let character = rom.character(for: code)
      let drawsSomething = character != nil && character != " "
      #expect(drawsSomething == !dots.isBlank, "\(rom) 0x\(String(code, radix: 16))")
    }
  }

  @Test("Codes 0x00–0x0F show CGRAM, so the ROM has no dots for them", arguments: CharacterROM.all)
  func cgramHasNoROMDots(rom: CharacterROM) {
    for code in UInt8(0)...0x0F { #expect(rom.dots(for: code) == nil) }
    #expect(rom.dots(for: 0x10) != nil)
  }

  @Test("A02 draws ASCII as A00 does, a row lower, except A, S, [, \\, g, i, m and w")
  func asciiShapesAgree() throws {
    var different: [Unicode.Scalar] = []
    for code in UInt8(0x20)...0x7D {
      let a00 = try #require(CharacterROM.a00.dots(for: code))
      let a02 = try #require(CharacterROM.a02.dots(for: code))
      if a00.packed >> 8 != a02.packed { different.append(Unicode.Scalar(code)) }
    }
    #expect(different == ["A", "S", "[", "\\", "g", "i", "m", "w"])
  }
}
