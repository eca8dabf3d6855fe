/// Builds a `.t9pairs` file (`T9PairTableFormat`) for a compiled
/// dictionary from running text: it counts which dictionary word follows
/// each word (`TextWords` decides what follows what), then keeps, for each
/// word, the followers seen at least `minimumCount` times, likeliest first,
/// at most `maximumFollowers`. The same texts give the same bytes.
public struct T9PairTableBuilder {
  /// The dictionary whose word numbers the table uses.
  public let dictionary: T9Dictionary
  /// The most followers kept for a word.
  public var maximumFollowers = 8
  /// How often a pair must have been seen to be kept.
  public var minimumCount = 2
  /// How many words were read, in all.
  public private(set) var wordCount = 0
  /// How many of them followed another word.
  public private(set) var pairCount = 0
  private var counts: [UInt64: [Int32: Int32]] = [:]
  private var totals: [UInt64: Int] = [:]
  private var numbers: [UInt64: Int32] = [:]
  private let cache: T9BlockCache

  /// A builder for `dictionary`.
  public init(dictionary: T9Dictionary) {
    self.dictionary = dictionary
    cache = T9BlockCache(for: dictionary)
  }

  /// Counts the pairs of one text.
  public mutating func add(text: String) {
    var words = TextWords()
    var previous: UInt64?
    func take(_ word: ArraySlice<Unicode.Scalar>, _ follows: Bool) {
      var hash = WordHash()
      for scalar in word { hash.add(scalar) }
      wordCount += 1
      if follows, let previous {
        pairCount += 1
        totals[previous, default: 0] += 1
        if let number = number(of: word, hash: hash.value) {
          counts[previous, default: [:]][number, default: 0] += 1
        }
      }
      previous = hash.value
    }
    for scalar in text.unicodeScalars { words.add(scalar, take) }
    words.finish(take)
  }

  /// The table's bytes.
  public func build() -> [UInt8] {
    struct Entry {
      var hash: UInt64
      var followers: [(word: Int32, code: Int)]
    }
    var entries: [Entry] = []
    for (hash, followers) in counts {
      let total = Double(totals[hash] ?? 1)
      let kept = followers.filter { $0.value >= Int32(minimumCount) }
        .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .prefix(maximumFollowers)
      guard !kept.isEmpty else { continue }
      entries.append(
        Entry(
          hash: hash,
          followers: kept.map { ($0.key, T9PairTableBuilder.code(Double($0.value) / total)) }))
    }
    entries.sort { $0.hash < $1.hash }
    let followerTotal = entries.reduce(0) { $0 + $1.followers.count }
    let header = T9PairTableFormat.headerSize
    let followersOffset = header + entries.count * T9PairTableFormat.previousEntrySize
    let length = followersOffset + followerTotal * T9PairTableFormat.followerEntrySize
    var bytes = [UInt8](repeating: 0, count: length)
    for (index, byte) in T9PairTableFormat.magic.enumerated() { bytes[index] = byte }
    ByteReader.put16(T9PairTableFormat.version, into: &bytes, at: 8)
    for (index, unit) in dictionary.language.utf8.prefix(2).enumerated() {
      bytes[10 + index] = unit
    }
    ByteReader.put16(entries.map { $0.followers.count }.max() ?? 0, into: &bytes, at: 12)
    ByteReader.put64(dictionary.fileChecksum, into: &bytes, at: 16)
    ByteReader.put32(entries.count, into: &bytes, at: 24)
    ByteReader.put32(followerTotal, into: &bytes, at: 28)
    ByteReader.put32(length, into: &bytes, at: 32)
    var follower = 0
    for (index, entry) in entries.enumerated() {
      let at = header + index * T9PairTableFormat.previousEntrySize
      ByteReader.put64(entry.hash, into: &bytes, at: at)
      ByteReader.put32(follower, into: &bytes, at: at + 8)
      for (word, code) in entry.followers {
        let place = followersOffset + follower * T9PairTableFormat.followerEntrySize
        ByteReader.put24(Int(word), into: &bytes, at: place)
        bytes[place + 3] = UInt8(code)
        follower += 1
      }
    }
    let checksum = bytes.withUnsafeBytes { T9PairTableFormat.fileChecksum($0) }
    ByteReader.put64(checksum, into: &bytes, at: T9PairTableFormat.checksumOffset)
    return bytes
  }

  /// The code of probability `p`: the smallest `c` with 2^(−c/8) ≤ p (255
  /// at most).
  static func code(_ probability: Double) -> Int {
    var code = 0
    while code < 255 && T9PairTable.probability(ofCode: code) > probability * 1.000_001 {
      code += 1
    }
    return code
  }

  /// The dictionary number of a word as typed (case aside; the likeliest
  /// of the words that read the same), nil when the dictionary lacks it.
  private mutating func number(of word: ArraySlice<Unicode.Scalar>, hash: UInt64) -> Int32? {
    if let known = numbers[hash] { return known < 0 ? nil : known }
    var keys = KeySequence()
    var found: Int32 = -1
    if word.allSatisfy({ keys.append(KeyLayout.key(for: $0) ?? 0) }) {
      let range = dictionary.range(for: keys, cache: cache)
      var index = range.lower
      while index < range.upper && dictionary.keyCount(ofWord: index, cache: cache) == keys.count {
        var candidate = WordHash()
        dictionary.forEachScalar(ofWord: index, cache: cache) { candidate.add($0) }
        if candidate.value == hash {
          found = Int32(index)
          break
        }
        index += 1
      }
    }
    numbers[hash] = found
    return found < 0 ? nil : found
  }
}
