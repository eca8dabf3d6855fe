import Testing
import TextFolding

@Test(
  "accented and special letters fold to their Latin base",
  arguments: [
    ("é", "e"), ("ñ", "n"), ("ł", "l"), ("đ", "d"), ("ß", "ss"), ("æ", "ae"), ("ø", "o"),
    ("Ø", "O"), ("Ç", "C"), ("ÿ", "y"), ("Œ", "OE"), ("ı", "i"), ("ş", "s"), ("ț", "t"),
    ("ơ", "o"), ("Ư", "U"), ("ệ", "e"), ("Ỹ", "Y"), ("ǚ", "u"),
  ])
func latinFolding_foldsLetters(input: String, expected: String) {
  #expect(LatinFolding.fold(input) == expected)
}

@Test("ASCII, symbols and other scripts are left alone")
func latinFolding_leavesOthersUnchanged() {
  #expect(LatinFolding.fold("Hello, World 42!") == "Hello, World 42!")
  #expect(LatinFolding.fold("×÷") == "×÷")
  #expect(LatinFolding.fold("Жанна 李") == "Жанна 李")
}

@Test("combining marks are dropped so decomposed text folds like composed text")
func latinFolding_dropsCombiningMarks() {
  let decomposed = "Jose\u{301} Nun\u{303}ez"
  #expect(LatinFolding.fold(decomposed) == "Jose Nunez")
  #expect(LatinFolding.fold("\u{301}") == "")
}

@Test("baseCharacter keeps one cell: ß gives s, a combining mark gives nothing")
func latinFolding_baseCharacterIsOneScalar() {
  #expect(LatinFolding.baseCharacter("ß") == "s")
  #expect(LatinFolding.baseCharacter("é") == "e")
  #expect(LatinFolding.baseCharacter("A") == "A")
  #expect(LatinFolding.baseCharacter("\u{300}") == nil)
}

@Test("every Latin-1 and Extended-A letter folds to ASCII")
func latinFolding_coversWholeBlocks() {
  for value in UInt32(0xC0)...0x17F {
    guard let scalar = Unicode.Scalar(value), value != 0xD7, value != 0xF7 else { continue }
    let folded = LatinFolding.fold(String(scalar))
    let ascii = folded.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "U+\(String(value, radix: 16)) → \(folded)")
    #expect(!folded.isEmpty)
  }
}
