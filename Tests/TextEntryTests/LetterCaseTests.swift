import Testing
import TextEntry

@Test("case cycles and converts letters")
func letterCase_cycleAndConversion() {
  #expect(LetterCase.sentence.next == .lower)
  #expect(LetterCase.lower.next == .upper)
  #expect(LetterCase.upper.next == .sentence)
  #expect(LetterCase.uppercase("q") == "Q")
  #expect(LetterCase.uppercase("ñ") == "Ñ")
  #expect(LetterCase.lowercase("É") == "é")
  #expect(LetterCase.uppercase("7") == "7")
}
