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

@Test("thousands of uses and evictions agree with a simple LRU model, and survive a save")
func userDictionary_matchesLRUModel() throws {
  let capacity = 16
  let store = UserDictionary(budget: 32 + capacity * 32, language: "en")
  var model: [(word: String, count: Int)] = []  // most recent last
  var state: UInt64 = 0x1234_5678
  let alphabet = Array("abcdefghij")
  for _ in 0..<5000 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let word = String(
      (0..<(1 + Int(state >> 61))).map { alphabet[Int((state >> UInt64(8 * $0 + 8)) % 10)] })
    store.noteWord(word.unicodeScalars)
    if let index = model.firstIndex(where: { $0.word == word }) {
      let entry = model.remove(at: index)
      model.append((word, entry.count + 1))
    } else {
      if model.count == capacity { model.removeFirst() }
      model.append((word, 1))
    }
  }
  let loaded = try UserDictionary(
    bytes: store.serialized(), budget: 32 + capacity * 32, language: "en", file: "u")
  for dictionary in [store, loaded] {
    #expect(dictionary.recordCount == model.count)
    for entry in model {
      #expect(dictionary.count(ofWord: WordHash.of(entry.word)) == entry.count)
    }
  }
  // The loaded store keeps the recency order: the next new word evicts the
  // least recently used one.
  loaded.noteWord("zzz".unicodeScalars)
  #expect(loaded.count(ofWord: WordHash.of(model[0].word)) == 0)
  #expect(loaded.count(ofWord: WordHash.of(model[1].word)) == model[1].count)
}
