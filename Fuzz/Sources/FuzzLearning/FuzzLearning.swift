import FuzzSupport
import T9Engine

/// The learning store (`learned-<language>.t9user`, loaded at every start):
/// any file either loads or is refused. The store's budget is the input's
/// size and its language the one the header names (if it is two lowercase
/// letters, as the firmware's codes are), so any length that is
/// a whole number of records can load; each input is tried as it is and
/// again with its checksum made right. A store that loads saves to the
/// same records, loads again from what it saved, finds each of its words
/// by hash, and can go on learning and saving.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLearning(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var bytes = FuzzInput.bytes(start, count)
  // The firmware only asks for two-letter codes (en, id): a header's code
  // that is not two lowercase letters is asked for as "en" (and refused).
  let code = bytes.count >= 22 ? Array(bytes[20..<22]) : []
  let letters = code.count == 2 && code.allSatisfy { (0x61...0x7A).contains($0) }
  let language = letters ? String(decoding: code, as: UTF8.self) : "en"
  if let store = load(bytes, language) { check(store, bytes) }
  guard bytes.count >= UserDictionary.headerSize else { return 0 }
  var checksum = Checksum()
  checksum.update(bytes[0..<24])
  checksum.update(bytes[32...])
  let value = checksum.value
  for index in 0..<8 { bytes[24 + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
  if let store = load(bytes, language) { check(store, bytes) }
  return 0
}

private func load(_ bytes: [UInt8], _ language: String) -> UserDictionary? {
  try? UserDictionary(bytes: bytes, budget: bytes.count, language: language, file: "fuzz.t9user")
}

private func check(_ loaded: UserDictionary, _ bytes: [UInt8]) {
  var store = loaded
  let saved = store.serialized()
  Invariant.check(saved.count == bytes.count, "saved \(saved.count) bytes of \(bytes.count)")
  Invariant.check(saved[32...] == bytes[32...], "the saved records differ from the loaded ones")
  guard let again = load(saved, store.language) else {
    Invariant.check(false, "a saved store does not load")
    return
  }
  Invariant.check(again.serialized() == saved, "saving a reloaded store changes it")
  var words = 0
  loaded.forEachWord(startingWith: KeySequence()) { slot, _, count, spelled in
    words += 1
    let use = loaded.use(ofWord: loaded.hash(ofSlot: slot))
    Invariant.check(count > 0, "word in slot \(slot) was never chosen")
    Invariant.check(
      use.count == count && use.spelled == spelled, "word in slot \(slot) is not found by its hash")
  }
  let held = loaded.recordCount - loaded.pairRecordCount
  Invariant.check(words == held, "\(words) words listed, \(held) held")
  // It goes on learning, and what it learned saves and loads.
  for word in ["hello", "gone", "home", "hello"] {
    store.noteWord(word.unicodeScalars)
    store.notePair(previous: WordHash.of("hello"), word: WordHash.of(word))
  }
  Invariant.check(
    load(store.serialized(), store.language) != nil, "a store that learned more does not load")
}
