/// Slots in an order (alphabetical, or by rank) in storage of a fixed size
/// chosen at creation: inserting shifts within it and never grows it, and a
/// copy of the book keeps the whole storage (an array that only reserved
/// capacity would lose it on its first copy-on-write).
struct SlotOrder: Sendable {
  private var slots: [UInt16]
  /// How many slots are in the order.
  private(set) var count = 0

  /// An empty order for up to `capacity` slots.
  init(capacity: Int) { slots = [UInt16](repeating: 0, count: capacity) }

  /// The bytes reserved.
  var reservedBytes: Int { slots.count * MemoryLayout<UInt16>.stride }

  /// The slot at `position` (`0..<count`).
  subscript(position: Int) -> Int { Int(slots[position]) }

  /// Puts `slot` at `position`, shifting the later ones (room is left:
  /// there are never more slots than the capacity).
  mutating func insert(_ slot: Int, at position: Int) {
    guard count < slots.count else { return }
    var index = count
    while index > position {
      slots[index] = slots[index - 1]
      index -= 1
    }
    slots[position] = UInt16(truncatingIfNeeded: slot)
    count += 1
  }

  /// Removes the slot at `position`, shifting the later ones.
  mutating func remove(at position: Int) {
    guard position < count else { return }
    for index in position..<(count - 1) { slots[index] = slots[index + 1] }
    count -= 1
  }

  /// Where `slot` is, if it is in the order.
  func position(of slot: Int) -> Int? {
    (0..<count).first { slots[$0] == UInt16(truncatingIfNeeded: slot) }
  }

  /// The slots in order.
  var all: [Int] { (0..<count).map { Int(slots[$0]) } }
}
