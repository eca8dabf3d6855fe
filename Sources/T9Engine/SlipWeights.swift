/// How likely each slip of the thumb is, next to typing a word right: a
/// word one slip away from the keys typed is weighted by its own weight
/// times its slip's. Correctly typed words are not weighted down, and the
/// first candidate is always a correctly typed word when there is one.
public struct SlipWeights: Sendable, Hashable {
  /// A key replaced by the letter key directly above, below, left or right
  /// of it on the 3x4 grid.
  public var neighbour: Double
  /// A key left out.
  public var omission: Double
  /// A key pressed twice.
  public var doubled: Double
  /// The most words one slip away a query offers.
  public var limit: Int

  /// Slip weights (the defaults: see docs/t9.md, "Slips").
  public init(
    neighbour: Double = 0.5, omission: Double = 0.02, doubled: Double = 0.02, limit: Int = 3
  ) {
    self.neighbour = neighbour
    self.omission = omission
    self.doubled = doubled
    self.limit = limit
  }

  /// No slips forgiven.
  public static let none = SlipWeights(neighbour: 0, omission: 0, doubled: 0, limit: 0)

  /// Calls `body` with each letter key next to `digit` on the 3x4 grid:
  /// above, below, left, right (1, `*`, 0 and `#` carry no letters and are
  /// left out). The keys are packed a nibble each, so nothing is allocated.
  public static func forEachNeighbour(of digit: UInt8, _ body: (UInt8) -> Void) {
    var packed: UInt32
    switch digit {
    case 2: packed = 0x35
    case 3: packed = 0x26
    case 4: packed = 0x57
    case 5: packed = 0x6482
    case 6: packed = 0x593
    case 7: packed = 0x84
    case 8: packed = 0x975
    case 9: packed = 0x86
    default: packed = 0
    }
    while packed != 0 {
      body(UInt8(packed & 0xF))
      packed >>= 4
    }
  }
}
