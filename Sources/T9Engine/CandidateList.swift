/// The candidates for the keys typed, in the order `*` walks them, in fixed
/// storage (at most `capacity`).
public struct CandidateList: Sendable, RandomAccessCollection {
  /// The most candidates kept; later ones are dropped.
  public static let capacity = 40
  private var storage: InlineArray<40, Candidate>
  /// How many candidates it holds.
  public private(set) var count = 0

  /// An empty list.
  public init() {
    storage = InlineArray(repeating: Candidate(source: .punctuation(0), weight: 0))
  }

  /// The first index.
  public var startIndex: Int { 0 }
  /// One past the last index.
  public var endIndex: Int { count }
  /// The candidate at `position`.
  public subscript(position: Int) -> Candidate { storage[position] }

  /// Empties the list.
  public mutating func removeAll() { count = 0 }

  /// Adds a candidate at the end; false when full.
  @discardableResult
  public mutating func append(_ candidate: Candidate) -> Bool {
    guard count < CandidateList.capacity else { return false }
    storage[count] = candidate
    count += 1
    return true
  }

  /// Puts `candidate` at `position`.
  mutating func replace(at position: Int, with candidate: Candidate) {
    storage[position] = candidate
  }

  /// Keeps the first `count` candidates.
  mutating func truncate(to count: Int) { self.count = Swift.min(self.count, Swift.max(0, count)) }

  /// Sorts `range` by weight, highest first, keeping the order of equals.
  mutating func sortByWeight(_ range: Range<Int>) {
    guard range.count > 1 else { return }
    for index in (range.lowerBound + 1)..<range.upperBound {
      let item = storage[index]
      var position = index
      while position > range.lowerBound && storage[position - 1].weight < item.weight {
        storage[position] = storage[position - 1]
        position -= 1
      }
      storage[position] = item
    }
  }
}
