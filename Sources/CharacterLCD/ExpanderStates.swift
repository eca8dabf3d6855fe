/// The few expander bytes of one HD44780 transfer (at most eight), in the
/// order they go on the bus, held in one word rather than an array: the
/// display driver encodes and sends one such group per instruction or data
/// byte, and appending to an array costs more than the bytes themselves.
public struct ExpanderStates: Sequence, Sendable, Equatable {
  /// The bytes, the first in the lowest eight bits.
  @usableFromInline var packed: UInt64 = 0
  /// How many bytes are held.
  @inlinable public var count: Int { stored }
  @usableFromInline var stored = 0

  /// No bytes.
  @inlinable public init() {}

  /// `count` bytes already packed, the first in the lowest eight bits.
  @inlinable
  init(packed: UInt64, count: Int) {
    self.packed = packed
    stored = count
  }

  /// Adds `byte` at the end; there is room for eight.
  @inlinable
  public mutating func append(_ byte: UInt8) {
    precondition(stored < 8, "an expander transfer is at most eight bytes")
    packed |= UInt64(byte) &<< UInt64(stored &* 8)
    stored &+= 1
  }

  /// The bytes, first to last.
  @inlinable
  public func makeIterator() -> Iterator { Iterator(packed: packed, left: stored) }

  /// The bytes, first to last.
  public struct Iterator: IteratorProtocol {
    @usableFromInline var packed: UInt64
    @usableFromInline var left: Int

    @inlinable init(packed: UInt64, left: Int) {
      self.packed = packed
      self.left = left
    }

    /// The next byte, or nil after the last.
    @inlinable
    public mutating func next() -> UInt8? {
      guard left > 0 else { return nil }
      let byte = UInt8(truncatingIfNeeded: packed)
      packed &>>= 8
      left &-= 1
      return byte
    }
  }
}
