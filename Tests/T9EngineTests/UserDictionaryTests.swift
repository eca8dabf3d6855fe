import T9Engine
import Testing

@Test("a store saves and loads what it learned")
func userDictionary_roundTrip() throws {
  let store = UserDictionary(language: "en")
  store.noteWord("gone".unicodeScalars)
  store.noteWord("gone".unicodeScalars)
  store.noteWord("zorp".unicodeScalars, spelled: true)
  store.notePair(previous: WordHash.of("has"), word: WordHash.of("gone"))
  let bytes = store.serialized()
  #expect(bytes.count == UserDictionary.defaultBudget)
  let loaded = try UserDictionary(bytes: bytes, language: "en", file: "u.t9user")
  #expect(loaded.count(ofWord: WordHash.of("Gone")) == 2)
  #expect(loaded.count(previous: WordHash.of("has"), word: WordHash.of("gone")) == 1)
  #expect(loaded.recordCount == 3)
  var spelled: [Bool] = []
  loaded.forEachWord(startingWith: KeySequence("9677") ?? KeySequence()) { _, exact, _, isSpelled in
    spelled.append(exact && isSpelled)
  }
  #expect(spelled == [true])
}

@Test("a full store evicts the least recently used record, never grows")
func userDictionary_lruEviction() throws {
  let store = UserDictionary(budget: 32 + 4 * 32, language: "en")
  #expect(store.capacity == 4)
  for word in ["a", "b", "c", "d"] { store.noteWord(word.unicodeScalars) }
  store.noteWord("a".unicodeScalars)  // a is now the most recent
  store.noteWord("e".unicodeScalars)  // evicts b
  #expect(store.recordCount == 4)
  #expect(store.count(ofWord: WordHash.of("b")) == 0)
  #expect(store.count(ofWord: WordHash.of("a")) == 2)
  #expect(store.count(ofWord: WordHash.of("e")) == 1)
  #expect(store.serialized().count == 32 + 4 * 32)
}

@Test("words too long to learn are refused")
func userDictionary_refusesLongWords() {
  let store = UserDictionary(language: "en")
  #expect(!store.noteWord("pneumonoultramicroscopicsilicovolcanoconiosis".unicodeScalars))
  #expect(store.recordCount == 0)
}

@Test("every single-byte corruption of a saved store is refused")
func userDictionary_refusesCorruption() throws {
  let store = UserDictionary(budget: 32 + 8 * 32, language: "en")
  store.noteWord("hello".unicodeScalars)
  store.notePair(previous: 1, word: 2)
  let bytes = store.serialized()
  for index in bytes.indices {
    var damaged = bytes
    damaged[index] ^= 0x41
    #expect(throws: UserDictionaryError.self) {
      _ = try UserDictionary(bytes: damaged, budget: 32 + 8 * 32, language: "en", file: "u")
    }
  }
  #expect(throws: UserDictionaryError.self) {
    _ = try UserDictionary(
      bytes: Array(bytes.dropLast()), budget: 32 + 8 * 32, language: "en", file: "u")
  }
  #expect(throws: UserDictionaryError.self) {
    _ = try UserDictionary(bytes: bytes, budget: 32 + 8 * 32, language: "id", file: "u")
  }
}
