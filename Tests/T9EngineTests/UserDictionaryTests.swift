import T9Engine
import Testing

@Test("a store saves and loads what it learned")
func userDictionary_roundTrip() throws {
  var store = UserDictionary(language: "en")
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
  var store = UserDictionary(budget: 32 + 4 * 32, language: "en")
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
  var store = UserDictionary(language: "en")
  let done1 = store.noteWord("pneumonoultramicroscopicsilicovolcanoconiosis".unicodeScalars)
  #expect(!done1)
  #expect(store.recordCount == 0)
}

@Test("every single-byte corruption of a saved store is refused")
func userDictionary_refusesCorruption() throws {
  var store = UserDictionary(budget: 32 + 8 * 32, language: "en")
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
  var store = UserDictionary(budget: 32 + capacity * 32, language: "en")
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
  var loaded = try UserDictionary(
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

@Test("the total of the word counts follows uses, evictions and a save")
func userDictionary_totalWordCount() throws {
  var store = UserDictionary(budget: 32 + 4 * 32, language: "en")
  for word in ["a", "b", "a", "c", "d"] { store.noteWord(word.unicodeScalars) }
  #expect(store.totalWordCount == 5)
  store.noteWord("e".unicodeScalars)  // evicts b (used once)
  #expect(store.count(ofWord: WordHash.of("b")) == 0)
  #expect(store.totalWordCount == 5)
  store.notePair(previous: WordHash.of("a"), word: WordHash.of("e"))  // evicts a (used twice)
  #expect(store.count(ofWord: WordHash.of("a")) == 0)
  #expect(store.totalWordCount == 3, "pairs are not words")
  let loaded = try UserDictionary(
    bytes: store.serialized(), budget: 32 + 4 * 32, language: "en", file: "u")
  #expect(loaded.totalWordCount == 3)
}

@Test("pairs fill at most their share of the store and never push out the words")
func userDictionary_pairsWithinTheirShare() throws {
  #expect(UserDictionary(language: "en").maximumPairRecords == 511, "a quarter of 2,047 records")
  var store = UserDictionary(budget: 32 + 8 * 32, language: "en")
  store.maximumPairRecords = 4
  for word in ["the", "cat", "sat"] { store.noteWord(word.unicodeScalars) }
  for index in 0..<20 { store.notePair(previous: UInt64(index), word: WordHash.of("cat")) }
  #expect(store.pairRecordCount == 4)
  #expect(store.recordCount == 7)
  for word in ["the", "cat", "sat"] { #expect(store.count(ofWord: WordHash.of(word)) == 1) }
  // The four most recent pairs are kept.
  #expect(store.count(previous: 19, word: WordHash.of("cat")) == 1)
  #expect(store.count(previous: 15, word: WordHash.of("cat")) == 0)
  store.maximumPairRecords = 0
  store.notePair(previous: 99, word: 1)
  #expect(store.count(previous: 99, word: 1) == 0, "no pairs are learned with a limit of 0")
}

@Test("thousands of word and pair uses agree with an LRU model with a pair limit, across saves")
func userDictionary_matchesLRUModelWithPairs() throws {
  let capacity = 12
  let budget = 32 + capacity * 32
  var store = UserDictionary(budget: budget, language: "en")
  store.maximumPairRecords = 6
  // Keys: words are "w<n>", pairs "p<n>"; the model keeps the most recent last.
  var model: [(key: String, count: Int)] = []
  var state: UInt64 = 0x9E37_79B9
  for step in 0..<6000 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let isPair = (state >> 60) & 1 == 1
    let number = Int((state >> 32) % 24)
    let key = "\(isPair ? "p" : "w")\(number)"
    if isPair {
      store.notePair(previous: UInt64(number), word: 7)
    } else {
      store.noteWord("w\(String(repeating: "a", count: number))".unicodeScalars)
    }
    if let index = model.firstIndex(where: { $0.key == key }) {
      let entry = model.remove(at: index)
      model.append((key, entry.count + 1))
    } else {
      let pairs = model.filter { $0.key.hasPrefix("p") }.count
      if isPair && pairs >= 6 {
        model.remove(at: model.firstIndex { $0.key.hasPrefix("p") } ?? 0)
      } else if model.count == capacity {
        model.removeFirst()
      }
      model.append((key, 1))
    }
    if step % 1000 == 999 {
      store = try UserDictionary(
        bytes: store.serialized(), budget: budget, language: "en", file: "u")
      store.maximumPairRecords = 6
    }
  }
  #expect(store.recordCount == model.count)
  #expect(store.pairRecordCount == model.filter { $0.key.hasPrefix("p") }.count)
  var total = 0
  for entry in model {
    let number = Int(entry.key.dropFirst()) ?? -1
    if entry.key.hasPrefix("p") {
      #expect(store.count(previous: UInt64(number), word: 7) == entry.count)
    } else {
      let word = "w\(String(repeating: "a", count: number))"
      #expect(store.count(ofWord: WordHash.of(word)) == entry.count)
      total += entry.count
    }
  }
  #expect(store.totalWordCount == total)
}

@Test("a store holding the same word or pair in two records is refused (found by FuzzLearning)")
func userDictionary_refusesRepeatedRecords() throws {
  let budget = 32 + 8 * 32
  var store = UserDictionary(budget: budget, language: "en")
  store.noteWord("hello".unicodeScalars)
  store.notePair(previous: 1, word: 2)
  let bytes = store.serialized()
  let used = (0..<8).filter { bytes[32 + $0 * 32] != 0 }
  let free = try #require((0..<8).first { bytes[32 + $0 * 32] == 0 })
  #expect(used.count == 2)
  for slot in used {
    var twice = bytes
    twice.replaceSubrange(
      (32 + free * 32)..<(64 + free * 32), with: bytes[(32 + slot * 32)..<(64 + slot * 32)])
    var checksum = Checksum()
    checksum.update(twice[0..<24])
    checksum.update(twice[32...])
    for index in 0..<8 {
      twice[24 + index] = UInt8(truncatingIfNeeded: checksum.value >> (8 * UInt64(index)))
    }
    #expect(throws: UserDictionaryError.self) {
      _ = try UserDictionary(bytes: twice, budget: budget, language: "en", file: "u")
    }
  }
}

@Test(
  "words are found by key prefix past their first 16 keys, and after a load, as a search of every word finds them"
)
func userDictionary_prefixSearchAgreesWithAScan() throws {
  var store = UserDictionary(language: "en")
  let words = [
    "internationalisation", "internationalised", "interrelationships", "interrelated", "in",
    "inn", "go", "good", "home", "gone", "hood", "incomprehensibilities", "counterrevolutions",
  ]
  for word in words { store.noteWord(word.unicodeScalars) }
  let loaded = try UserDictionary(bytes: store.serialized(), language: "en", file: "u.t9user")
  func keys(_ word: String) -> [UInt8] {
    word.unicodeScalars.map { KeyLayout.key(for: $0) ?? 0 }
  }
  var prefixes: Set<[UInt8]> = []
  for word in words {
    let all = keys(word)
    for length in 1...all.count { prefixes.insert(Array(all[0..<length])) }
    prefixes.insert(all + [2])  // one key longer than the word
  }
  for prefix in prefixes {
    guard let sequence = KeySequence(prefix.map { String($0) }.joined()) else {
      Issue.record("no key sequence for \(prefix)")
      continue
    }
    let expected = Set(
      words.filter { keys($0).starts(with: prefix) }.map { WordHash.of($0) })
    for searched in [store, loaded] {
      var found: Set<UInt64> = []
      var exact: Set<UInt64> = []
      searched.forEachWord(startingWith: sequence) { slot, isExact, _, _ in
        found.insert(searched.hash(ofSlot: slot))
        if isExact { exact.insert(searched.hash(ofSlot: slot)) }
      }
      #expect(found == expected, "keys \(prefix)")
      #expect(
        exact == Set(words.filter { keys($0) == prefix }.map { WordHash.of($0) }), "keys \(prefix)")
    }
  }
}
