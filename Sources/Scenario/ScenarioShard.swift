/// One of N disjoint slices of a scenario run (`t9phone test --shard I/N`),
/// for spreading a suite over CI machines.
///
/// A scenario belongs to the slice its path (relative to the folder it was
/// found in) hashes to, FNV-1a modulo N: the N slices together hold every
/// scenario exactly once, and a scenario keeps its slice on every machine
/// and when other files are added or removed. The price is that slices are
/// only as even as the hash makes them.
public struct ScenarioShard: Sendable, Equatable, CustomStringConvertible {
  /// Which slice, from 1.
  public let index: Int
  /// How many slices.
  public let count: Int

  /// The slice `index` of `count`; nil unless 1 ≤ index ≤ count.
  public init?(index: Int, of count: Int) {
    guard count >= 1, index >= 1, index <= count else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `I/N` (whole numbers, 1 ≤ I ≤ N); nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = ScenarioShard.number(parts[0]),
      let count = ScenarioShard.number(parts[1])
    else { return nil }
    self.init(index: index, of: count)
  }

  /// Whether the scenario at `relativePath` belongs to this slice.
  public func contains(_ relativePath: String) -> Bool {
    Int(ScenarioShard.hash(relativePath) % UInt64(count)) == index - 1
  }

  /// `I/N`.
  public var description: String { "\(index)/\(count)" }

  /// The 64-bit FNV-1a hash of the path's UTF-8 bytes: the same on every
  /// machine and every run (Swift's `Hasher` is seeded randomly per process).
  public static func hash(_ path: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func number(_ digits: Substring) -> Int? {
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    var value = 0
    for byte in digits.utf8 {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }
}
