import Testing

@testable import T9Engine

/// `KeySequence.compare(packed:count:with:keysPacked:)` one key at a time,
/// as it was written before it compared the shared keys at once.
private func compareKeyByKey(_ word: KeySequence, with keys: KeySequence) -> Int? {
  let known = min(word.count, 16)
  for index in 0..<min(known, keys.count) where word[index] != keys[index] {
    return word[index] < keys[index] ? -1 : 1
  }
  if keys.count <= known { return 0 }
  return word.count <= 16 ? -1 : nil
}

@Test("a packed word compares with typed keys as key-by-key comparison does, at every length")
func keySequence_packedComparisonMatchesKeyByKey() {
  // A fixed linear congruential sequence: the same cases on every run.
  var state: UInt64 = 0x5EED
  func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
  var sequences: [KeySequence] = []
  for _ in 0..<400 {
    var sequence = KeySequence()
    let length = Int(next() % 24)
    // Few distinct digits, so that long shared prefixes are common.
    for _ in 0..<length { _ = sequence.append(UInt8(2 + next() % 3)) }
    sequences.append(sequence)
  }
  sequences.append(KeySequence())
  var compared = 0
  for word in sequences where !word.isEmpty {
    for keys in sequences.prefix(120) {
      let packed = KeySequence.compare(
        packed: word.packedPrefix, count: word.count, with: keys, keysPacked: keys.packedPrefix)
      #expect(packed == compareKeyByKey(word, with: keys), "\(word) with \(keys)")
      compared += 1
    }
  }
  #expect(compared > 40_000)
}
