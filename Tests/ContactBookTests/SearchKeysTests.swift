import ContactBook
import Testing

@Test(
  "name key strings fold accents, map punctuation to 1 and drop the rest",
  arguments: [
    ("John Smith", "564676484", [0, 4]),
    ("O'Connor", "61266667", [0, 2]),
    ("José Núñez", "567368639", [0, 4]),
    ("Łukasz Żółw", "5852799659", [0, 6]),
    ("Đặng Thị", "3264844", [0, 4]),
    ("Straße", "7872773", [0]),
    ("Æsir Øst", "23747678", [0, 5]),
    ("Mary-Jane", "627915263", [0, 5]),
    ("1800 Win A Prize", "1800946277493", [0, 4, 7, 8]),
    ("李 Wei", "934", [0]),
    ("Dr. No", "37166", [0, 3]),
  ])
func searchKeys_followTheRules(name: String, digits: String, tokens: [Int]) {
  let keys = SearchKeys(name)
  #expect(keys.text == digits)
  #expect(keys.tokenStarts == tokens)
}

@Test("decomposed accents stay in their letter's token")
func searchKeys_combiningMarks() {
  let keys = SearchKeys("Rene\u{301}e Dupont")
  #expect(keys.text == "73633387668")
  #expect(keys.tokenStarts == [0, 5])
}
