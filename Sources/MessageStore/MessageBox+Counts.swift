extension MessageBox {
  /// Counts the inbox's messages, the unread ones and the queued outbox
  /// parts again (`inboxCount`, `unreadCount`, `queuedParts`): after every
  /// record that changes, never while the glass is drawn. A message is
  /// counted once however many parts it has, by sorting the ids of the
  /// matching parts in scratch reserved at start (a heap sort, in place:
  /// no allocation) and counting the distinct ones.
  mutating func recount() {
    var queued = 0
    countScratch.removeAll(keepingCapacity: true)
    for slot in 0..<capacity {
      switch folder(slot) {
      case .inbox: countScratch.append(id(slot))
      case .outbox where status(slot) == .queued: queued += 1
      default: break
      }
    }
    queuedParts = queued
    inboxCount = Self.distinctCount(&countScratch)
    countScratch.removeAll(keepingCapacity: true)
    for slot in 0..<capacity where folder(slot) == .inbox && status(slot) == .unread {
      countScratch.append(id(slot))
    }
    unreadCount = Self.distinctCount(&countScratch)
  }

  /// How many different values `values` holds (sorted in place).
  static func distinctCount(_ values: inout [UInt32]) -> Int {
    heapSort(&values)
    var count = 0
    for index in values.indices where index == 0 || values[index] != values[index - 1] {
      count += 1
    }
    return count
  }

  /// Sorts `values` in place, ascending, allocating nothing.
  static func heapSort(_ values: inout [UInt32]) {
    func siftDown(_ start: Int, _ end: Int) {
      var root = start
      while 2 * root + 1 < end {
        var child = 2 * root + 1
        if child + 1 < end, values[child] < values[child + 1] { child += 1 }
        guard values[root] < values[child] else { return }
        values.swapAt(root, child)
        root = child
      }
    }
    let count = values.count
    guard count > 1 else { return }
    for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
    for end in stride(from: count - 1, to: 0, by: -1) {
      values.swapAt(0, end)
      siftDown(0, end)
    }
  }
}
