// The firmware's own seeded generator (SimulatedPeers' `SplitMix64`), so
// randomised tests check the same cases on every run.
@_exported import struct SimulatedPeers.SplitMix64

extension SplitMix64: RandomNumberGenerator {
  /// One of `items` (which must not be empty).
  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
