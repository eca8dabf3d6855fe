/// SplitMix64: a small, seeded, deterministic generator, so randomised tests
/// check the same cases on every run.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (modulo: the tiny bias does not matter here).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One of `items` (which must not be empty).
  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
