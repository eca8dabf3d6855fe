/// A fixed number of best results, kept sorted by their ranking key
/// (match class, then the book's static rank, then slot). No allocation.
struct TopList {
  /// The most results a list keeps.
  static let size = 20
  /// The keys, best first; the first `count` are valid.
  var keys = InlineArray<20, UInt64>(repeating: .max)
  /// How many keys are kept.
  private(set) var count = 0
  /// How many keys to keep (1 ... 20).
  let limit: Int

  init(limit: Int) { self.limit = Swift.max(1, Swift.min(limit, TopList.size)) }

  /// Whether the list is full.
  var isFull: Bool { count == limit }

  /// The key a new one must be below to be kept.
  var worst: UInt64 { count == limit ? keys[count - 1] : .max }

  /// Keeps `key` if it is among the best `limit` so far.
  @inline(__always)
  mutating func offer(_ key: UInt64) {
    if count == limit {
      if key >= keys[count - 1] { return }
    } else {
      count += 1
    }
    var index = count - 1
    while index > 0 && keys[index - 1] > key {
      keys[index] = keys[index - 1]
      index -= 1
    }
    keys[index] = key
  }

  /// The ranking key of a match.
  @inline(__always)
  static func key(matchClass: UInt8, rank: UInt16, slot: Int) -> UInt64 {
    UInt64(matchClass) << 32 | UInt64(rank) << 16 | UInt64(truncatingIfNeeded: slot)
  }

  /// The slot of a key.
  static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key & 0xFFFF) }

  /// The match class (1–6) of a key.
  static func matchClass(_ key: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: key >> 32) }
}
