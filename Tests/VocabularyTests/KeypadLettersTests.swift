import Testing
import Vocabulary

@Test("every letter of either case is on its E.161 key, and nothing else is on a key")
func keypadLetters_everyLetterOnItsKey() {
  let expected: [Character: UInt8] = [
    "a": 2, "b": 2, "c": 2, "d": 3, "e": 3, "f": 3, "g": 4, "h": 4, "i": 4, "j": 5, "k": 5,
    "l": 5, "m": 6, "n": 6, "o": 6, "p": 7, "q": 7, "r": 7, "s": 7, "t": 8, "u": 8, "v": 8,
    "w": 9, "x": 9, "y": 9, "z": 9,
  ]
  for (letter, key) in expected {
    let lower = letter.unicodeScalars.first!
    let upper = Character(letter.uppercased()).unicodeScalars.first!
    #expect(KeypadLetters.key(ofLetter: lower) == key, "\(letter)")
    #expect(KeypadLetters.key(ofLetter: upper) == key, "\(letter) upper case")
  }
  for scalar in ["0", "1", "9", " ", "'", "@", "[", "`", "{", "é", "ß"] as [Unicode.Scalar] {
    #expect(KeypadLetters.key(ofLetter: scalar) == nil, "\(scalar)")
  }
}

@Test("the letters on each key read back the table: three or four, in order, none on 0, 1 or 10")
func keypadLetters_lettersOnEachKey() {
  #expect(String(String.UnicodeScalarView(KeypadLetters.letters(on: 2))) == "abc")
  #expect(String(String.UnicodeScalarView(KeypadLetters.letters(on: 7))) == "pqrs")
  #expect(String(String.UnicodeScalarView(KeypadLetters.letters(on: 9))) == "wxyz")
  #expect(KeypadLetters.letters(on: 0).isEmpty)
  #expect(KeypadLetters.letters(on: 1).isEmpty)
  #expect(KeypadLetters.letters(on: 10).isEmpty)
  let all = (2...9).flatMap { KeypadLetters.letters(on: $0) }
  #expect(String(String.UnicodeScalarView(all)) == "abcdefghijklmnopqrstuvwxyz")
  for key in 2...9 {
    for letter in KeypadLetters.letters(on: key) {
      #expect(KeypadLetters.key(ofLetter: letter) == UInt8(key))
    }
  }
}
