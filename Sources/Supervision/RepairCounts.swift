/// How many repairs of each kind, in fixed memory.
public struct RepairCounts: Sendable, Hashable {
  private var counts: InlineArray<7, Int> = InlineArray(repeating: 0)

  /// All zero.
  public init() {}

  /// The repairs of `kind`.
  public subscript(kind: RepairKind) -> Int {
    get { counts[kind.index] }
    set { counts[kind.index] = newValue }
  }

  /// Every repair, of any kind.
  public var total: Int {
    var sum = 0
    for index in 0..<7 { sum += counts[index] }
    return sum
  }

  /// Two counts are equal when every kind is.
  public static func == (lhs: RepairCounts, rhs: RepairCounts) -> Bool {
    RepairKind.allCases.allSatisfy { lhs[$0] == rhs[$0] }
  }

  /// Hashes every kind's count.
  public func hash(into hasher: inout Hasher) {
    for kind in RepairKind.allCases { hasher.combine(self[kind]) }
  }
}
