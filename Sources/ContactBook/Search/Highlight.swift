/// The characters of a name (or a number's text) that a search matched, as
/// a set of character indices: at most 64, which covers a name's 40
/// characters and a number's 48. A value with no storage on the heap, so a
/// key press can mark what it found without allocating.
public struct Highlight: Sendable, Hashable {
  /// Bit `i` set: character `i` matched.
  public private(set) var bits: UInt64 = 0

  /// Nothing matched.
  public init() {}

  /// The given character indices matched (those of 64 and above are
  /// ignored).
  public init(_ indices: some Sequence<Int>) {
    for index in indices { insert(index) }
  }

  /// Marks character `index`.
  public mutating func insert(_ index: Int) {
    guard (0..<64).contains(index) else { return }
    bits |= 1 << UInt64(index)
  }

  /// Whether character `index` matched.
  public func contains(_ index: Int) -> Bool {
    (0..<64).contains(index) && bits & (1 << UInt64(index)) != 0
  }

  /// Whether nothing matched.
  public var isEmpty: Bool { bits == 0 }

  /// The matched indices in increasing order.
  public var indices: [Int] { (0..<64).filter(contains) }
}
