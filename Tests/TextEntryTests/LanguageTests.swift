import Testing
import TextEntry

@Test("E.161 letters on keys 2–9 and the key for each letter")
func language_e161Layout() {
  let english = Language.english
  #expect(english.letters(on: 7) == ["p", "q", "r", "s"])
  #expect(english.letters(on: 9) == ["w", "x", "y", "z"])
  #expect(english.letters(on: 1).isEmpty)
  #expect(english.key(for: "S") == 7)
  #expect(english.key(for: "?") == nil)
  #expect(Language(code: "id") == .indonesian)
  #expect(Language(code: "fr") == nil)
}

@Test("multi-tap cycles are the letters then the digit")
func language_multitapCycles() {
  #expect(Language.english.multitapCycle(on: 2) == ["a", "b", "c", "2"])
  #expect(Language.indonesian.multitapCycle(on: 9) == ["w", "x", "y", "z", "9"])
  #expect(Language.english.multitapCycle(on: 1).isEmpty)
}
