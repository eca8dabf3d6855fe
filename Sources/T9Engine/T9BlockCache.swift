/// Decoded blocks of a `T9Dictionary`, so consecutive key presses (which
/// narrow the same range) decode each block once. Its memory is reserved
/// when it is made — `slots` blocks of keys, UTF-8 text and scores — and
/// reused, least recently used first: queries through it allocate nothing.
///
/// A block's keys and scores, and its letters, are decoded only as far as
/// queries read them (a search mostly compares keys), so each slot keeps
/// where decoding stopped.
///
/// It is a cache, not state: what it returns depends only on the
/// dictionary, so copies of its owner (a `Predictor`) may share it. It is
/// not `Sendable`: one thread at a time.
public final class T9BlockCache {
  /// How many blocks it holds.
  public let slots: Int
  let blockSize: Int
  /// Per word place (slot × blockSize + word): keys and text,
  /// `maximumWordBytes` each.
  let keys: UnsafeMutablePointer<UInt8>
  let text: UnsafeMutablePointer<UInt8>
  let keyCounts: UnsafeMutablePointer<UInt8>
  let textLengths: UnsafeMutablePointer<UInt8>
  let scores: UnsafeMutablePointer<UInt16>
  /// Per word place: how many keys it shares with the word before.
  let sharedCounts: UnsafeMutablePointer<UInt8>
  /// Per slot: which words have their keys and score, and which their
  /// text (bit `word`); the next word each stream decodes (-1: none is
  /// open), the block's two streams where decoding stopped, the last
  /// decoded word's letters (`maximumWordBytes`), and the first place
  /// among them that is not ASCII. Decoding starts where a stream stopped
  /// or at an entry point (`T9EntryPoints`), so the decoded words need not
  /// be one run from the block's start.
  let keysValid: UnsafeMutablePointer<UInt64>
  let textValid: UnsafeMutablePointer<UInt64>
  let keysDone: UnsafeMutablePointer<Int>
  let lettersDone: UnsafeMutablePointer<Int>
  let keyStreams: UnsafeMutablePointer<RANSDecoder>
  let letterStreams: UnsafeMutablePointer<RANSDecoder>
  let scalars: UnsafeMutablePointer<UInt32>
  let firstExtras: UnsafeMutablePointer<Int>
  /// Per slot: the block it holds (-1: none), when it was last used.
  private let blocks: UnsafeMutablePointer<Int>
  private let uses: UnsafeMutablePointer<Int>
  /// The clock, the dictionary the blocks come from, the last slot hit.
  private let state: UnsafeMutablePointer<UInt64>

  /// A cache of `slots` blocks of `dictionary`'s size.
  public convenience init(for dictionary: T9Dictionary, slots: Int = 16) {
    self.init(blockSize: dictionary.blockSize, slots: slots)
  }

  init(blockSize: Int, slots: Int) {
    precondition(blockSize <= 64, "a block's words are bits of a UInt64")
    self.slots = Swift.max(1, slots)
    self.blockSize = blockSize
    let places = self.slots * blockSize
    let width = T9DictionaryFormat.maximumWordBytes
    // Keys and text are written before they are read, so they are not
    // cleared here: their pages stay untouched, and out of resident
    // memory, until a block is decoded into them (a language the user
    // does not type in costs its cache's address space only).
    keys = .allocate(capacity: places * width)
    text = .allocate(capacity: places * width)
    keyCounts = .allocate(capacity: places)
    keyCounts.initialize(repeating: 0, count: places)
    textLengths = .allocate(capacity: places)
    textLengths.initialize(repeating: 0, count: places)
    scores = .allocate(capacity: places)
    scores.initialize(repeating: 0, count: places)
    sharedCounts = .allocate(capacity: places)
    sharedCounts.initialize(repeating: 0, count: places)
    keysValid = .allocate(capacity: self.slots)
    keysValid.initialize(repeating: 0, count: self.slots)
    textValid = .allocate(capacity: self.slots)
    textValid.initialize(repeating: 0, count: self.slots)
    keysDone = .allocate(capacity: self.slots)
    keysDone.initialize(repeating: -1, count: self.slots)
    lettersDone = .allocate(capacity: self.slots)
    lettersDone.initialize(repeating: -1, count: self.slots)
    keyStreams = .allocate(capacity: self.slots)
    keyStreams.initialize(repeating: RANSDecoder(), count: self.slots)
    letterStreams = .allocate(capacity: self.slots)
    letterStreams.initialize(repeating: RANSDecoder(), count: self.slots)
    firstExtras = .allocate(capacity: self.slots)
    firstExtras.initialize(repeating: 0, count: self.slots)
    blocks = .allocate(capacity: self.slots)
    blocks.initialize(repeating: -1, count: self.slots)
    uses = .allocate(capacity: self.slots)
    uses.initialize(repeating: 0, count: self.slots)
    scalars = .allocate(capacity: self.slots * width)
    scalars.initialize(repeating: 0, count: self.slots * width)
    state = .allocate(capacity: 3)
    state.initialize(repeating: 0, count: 3)
  }

  deinit {
    keys.deallocate()
    text.deallocate()
    keyCounts.deallocate()
    textLengths.deallocate()
    scores.deallocate()
    sharedCounts.deallocate()
    keysValid.deallocate()
    textValid.deallocate()
    keysDone.deallocate()
    lettersDone.deallocate()
    keyStreams.deallocate()
    letterStreams.deallocate()
    firstExtras.deallocate()
    scalars.deallocate()
    blocks.deallocate()
    uses.deallocate()
    state.deallocate()
  }

  /// The slot holding `block` of the dictionary with checksum `owner`, or
  /// nil; a hit counts as a use.
  @inline(__always)
  func lookup(_ block: Int, owner: UInt64) -> Int? {
    guard state[1] == owner else {
      for slot in 0..<slots { blocks[slot] = -1 }
      state[1] = owner
      return nil
    }
    var slot = Int(state[2])
    if blocks[slot] != block {
      slot = -1
      for index in 0..<slots where blocks[index] == block {
        slot = index
        break
      }
      guard slot >= 0 else { return nil }
      state[2] = UInt64(slot)
    }
    state[0] &+= 1
    uses[slot] = Int(truncatingIfNeeded: state[0])
    return slot
  }

  /// The slot to decode `block` into (the least recently used), marked as
  /// holding it, with nothing decoded.
  func claim(_ block: Int) -> Int {
    var victim = 0
    for index in 1..<slots where uses[index] < uses[victim] { victim = index }
    blocks[victim] = block
    keysValid[victim] = 0
    textValid[victim] = 0
    keysDone[victim] = -1
    lettersDone[victim] = -1
    state[0] &+= 1
    uses[victim] = Int(truncatingIfNeeded: state[0])
    state[2] = UInt64(victim)
    return victim
  }

  /// The bits of places `words` of a block.
  @inline(__always)
  static func bits(_ words: ClosedRange<Int>) -> UInt64 {
    (~0 as UInt64) << UInt64(words.lowerBound) & (~0 as UInt64) >> UInt64(63 - words.upperBound)
  }

  /// Whether a stream that stopped before place `done` (-1: none open),
  /// with the words `valid` decoded, reaches `words` more cheaply by going
  /// on than by starting again at `entry`: it stopped at or after the
  /// entry, not past the words, and every word from theirs to it is there.
  @inline(__always)
  static func continues(_ done: Int, _ valid: UInt64, to words: ClosedRange<Int>, from entry: Int)
    -> Bool
  {
    guard done >= entry, done <= words.upperBound else { return false }
    let before = words.lowerBound < done ? bits(words.lowerBound...(done - 1)) : 0
    return valid & before == before
  }

  /// Forgets a block whose decoding failed.
  func release(_ slot: Int) {
    blocks[slot] = -1
    uses[slot] = 0
  }
}
