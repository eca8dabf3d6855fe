/// The gestures one input produced, in the order they must be handled.
///
/// A fixed-size value so recognising gestures never allocates.
public struct GestureBatch: Sendable, RandomAccessCollection {
  /// The most gestures one input can produce.
  public static let capacity = 8
  // Inlinable reads: the phone walks a batch after every key edge, and an
  // opaque call would copy the whole batch (240 bytes) for each gesture.
  @usableFromInline var storage: InlineArray<8, Gesture>
  /// How many gestures the batch holds.
  public private(set) var count: Int

  /// An empty batch.
  public init() {
    storage = InlineArray(repeating: Gesture(.tap, .zero, at: .zero))
    count = 0
  }

  /// Adds a gesture; returns false (and drops it) when the batch is full.
  @discardableResult
  public mutating func append(_ gesture: Gesture) -> Bool {
    guard count < GestureBatch.capacity else { return false }
    storage[count] = gesture
    count += 1
    return true
  }

  /// The first index.
  @inlinable public var startIndex: Int { 0 }
  /// One past the last index.
  @inlinable public var endIndex: Int { count }
  /// The gesture at `position`.
  @inlinable public subscript(position: Int) -> Gesture { storage[position] }
}
