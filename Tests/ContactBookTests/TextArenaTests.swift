import Testing

@testable import ContactBook

/// The payload of `owner` as an array.
private func text(_ arena: TextArena, _ owner: Int) -> [UInt8] {
  arena.withText(owner) { Array($0) }
}

/// Stores `bytes` for `owner`; whether they fitted.
private func store(_ bytes: [UInt8], for owner: Int, in arena: inout TextArena) -> Bool {
  arena.store(bytes.count, for: owner) { payload in
    for (index, byte) in bytes.enumerated() { payload[index] = byte }
  }
}

@Test("an arena fills to its last byte, then refuses without touching what it holds")
func textArena_fillThenRefuse() {
  // Four regions of 4 + 6 bytes fill 40 bytes exactly.
  var arena = TextArena(owners: 8, capacity: 40)
  for owner in 0..<4 {
    #expect(store([UInt8](repeating: UInt8(owner + 1), count: 6), for: owner, in: &arena))
  }
  #expect(arena.liveBytes == 40)
  #expect(!arena.fits(1, for: 4))
  #expect(!store([9], for: 4, in: &arena))
  #expect(!arena.contains(4))
  #expect(text(arena, 4).isEmpty)
  // Replacing a text by one of the same size still fits; a larger one not.
  #expect(arena.fits(6, for: 2))
  #expect(!arena.fits(7, for: 2))
  #expect(!store([UInt8](repeating: 7, count: 7), for: 2, in: &arena))
  for owner in 0..<4 {
    #expect(text(arena, owner) == [UInt8](repeating: UInt8(owner + 1), count: 6))
  }
}

@Test("removing leaves holes that compaction reclaims, every other text intact")
func textArena_compactsHoles() {
  var arena = TextArena(owners: 10, capacity: 100)
  for owner in 0..<10 {
    #expect(store([UInt8](repeating: UInt8(owner), count: 6), for: owner, in: &arena))
  }
  #expect(arena.end == 100)
  for owner in stride(from: 1, to: 10, by: 2) { arena.remove(owner) }
  #expect(arena.liveBytes == 50)
  // The last region was a hole at the end and is given back; the others
  // wait for compaction, which the next store needs.
  #expect(arena.end == 90)
  #expect(store([UInt8](repeating: 42, count: 40), for: 1, in: &arena))
  #expect(arena.end == 94)
  #expect(text(arena, 1) == [UInt8](repeating: 42, count: 40))
  for owner in stride(from: 0, to: 10, by: 2) {
    #expect(text(arena, owner) == [UInt8](repeating: UInt8(owner), count: 6))
  }
  for owner in stride(from: 3, to: 10, by: 2) { #expect(!arena.contains(owner)) }
}

@Test("a text grows in place of its old one when only that makes room")
func textArena_growsIntoItsOwnRoom() {
  var arena = TextArena(owners: 3, capacity: 27)
  #expect(store([1, 1, 1], for: 0, in: &arena))
  #expect(store([2, 2, 2, 2, 2, 2], for: 1, in: &arena))
  #expect(store([3, 3, 3], for: 2, in: &arena))
  // 24 bytes used; owner 1 may grow by 3 bytes only.
  #expect(!arena.fits(10, for: 1))
  #expect(store([UInt8](repeating: 5, count: 9), for: 1, in: &arena))
  #expect(arena.liveBytes == 27)
  #expect(text(arena, 0) == [1, 1, 1])
  #expect(text(arena, 1) == [UInt8](repeating: 5, count: 9))
  #expect(text(arena, 2) == [3, 3, 3])
}

@Test("an empty payload is a text of its own, unlike no text")
func textArena_emptyPayload() {
  var arena = TextArena(owners: 2, capacity: 8)
  #expect(store([], for: 0, in: &arena))
  #expect(arena.contains(0))
  #expect(!arena.contains(1))
  #expect(arena.liveBytes == TextArena.headerBytes)
}

@Test("a copy keeps its texts when the original changes, and the reverse")
func textArena_copyOnWrite() {
  var arena = TextArena(owners: 3, capacity: 64)
  #expect(store([1, 2, 3], for: 0, in: &arena))
  #expect(store([4, 5], for: 1, in: &arena))
  var copy = arena
  #expect(store([9, 9, 9, 9], for: 0, in: &arena))
  arena.remove(1)
  arena.compact()
  #expect(text(copy, 0) == [1, 2, 3])
  #expect(text(copy, 1) == [4, 5])
  #expect(store([7], for: 2, in: &copy))
  #expect(text(arena, 0) == [9, 9, 9, 9])
  #expect(!arena.contains(2))
  #expect(text(copy, 2) == [7])
}
