import FuzzSupport
import T9Engine

/// `.t9dict` files (`T9Dictionary(bytes:name:)`, every start of the phone):
/// opening validates everything, so any file either opens or is refused,
/// and a dictionary that opens answers queries without reading out of
/// bounds. Each input is tried as it is and again with its file checksum
/// made right, so mutations reach the checks behind the checksum. For some
/// words of a dictionary that opens (decoded through a small block cache,
/// so blocks are evicted and decoded again): the range of its key sequence
/// holds it, the range of a shorter prefix holds that range, and the block
/// maxima give the same best word as a scan.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDictionary(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var bytes = FuzzInput.bytes(start, count)
  if let dictionary = try? T9Dictionary(bytes: bytes, name: "fuzz.t9dict") {
    check(dictionary)
  }
  guard bytes.count >= T9DictionaryFormat.headerSize else { return 0 }
  let checksum = bytes.withUnsafeBytes { T9DictionaryFormat.fileChecksum($0) }
  for index in 0..<8 {
    bytes[T9DictionaryFormat.checksumOffset + index] = UInt8(
      truncatingIfNeeded: checksum >> (8 * UInt64(index)))
  }
  if let dictionary = try? T9Dictionary(bytes: bytes, name: "fuzz.t9dict") {
    check(dictionary)
  }
  return 0
}

/// The query invariants on up to nine words spread over the dictionary.
private func check(_ dictionary: T9Dictionary) {
  let cache = T9BlockCache(for: dictionary, slots: 2)
  let count = dictionary.wordCount
  var indices = Set([0, count - 1])
  for step in 1..<8 { indices.insert(count * step / 8) }
  for index in indices.sorted() where (0..<count).contains(index) {
    var keys = KeySequence()
    var typeable = true
    dictionary.forEachScalar(ofWord: index, cache: cache) { scalar in
      guard let key = KeyLayout.key(for: scalar), keys.append(key) else {
        typeable = false
        return
      }
    }
    guard typeable, !keys.isEmpty else { continue }
    Invariant.check(
      keys.count == dictionary.keyCount(ofWord: index, cache: cache),
      "word \(index) has \(keys.count) letters but \(dictionary.keyCount(ofWord: index, cache: cache)) keys"
    )
    let range = dictionary.range(for: keys, cache: cache)
    Invariant.check(
      range.lower <= index && index < range.upper,
      "word \(index) '\(dictionary.word(at: index, cache: cache))' (\(keys)) is not in its range \(range)"
    )
    var prefix = keys
    prefix.removeLast()
    if !prefix.isEmpty {
      let wider = dictionary.range(for: prefix, cache: cache)
      Invariant.check(
        wider.lower <= range.lower && range.upper <= wider.upper,
        "the range of \(prefix) \(wider) does not hold that of \(keys) \(range)")
      Invariant.check(
        dictionary.range(for: keys, within: wider, cache: cache) == range,
        "searching \(keys) within \(wider) is not the same as from scratch")
    }
    if range.count <= 512, let best = dictionary.bestWord(in: range, cache: cache) {
      var scanned = range.lower
      for candidate in range.lower..<range.upper
      where dictionary.score(ofWord: candidate, cache: cache)
        > dictionary.score(ofWord: scanned, cache: cache)
      {
        scanned = candidate
      }
      Invariant.check(best == scanned, "best word in \(range) is \(best), a scan says \(scanned)")
    }
  }
}
