/// A short run of characters in fixed storage (a word being shown or
/// learned), so building it never allocates.
public struct ScalarRun: RandomAccessCollection, Sendable {
  /// The most characters it holds; more are dropped.
  public static let capacity = 64
  @usableFromInline var storage = InlineArray<64, Unicode.Scalar>(repeating: " ")
  /// How many characters it holds.
  @inlinable public var count: Int { stored }
  @usableFromInline var stored = 0

  /// An empty run.
  public init() {}

  /// The first index.
  @inlinable public var startIndex: Int { 0 }
  /// One past the last index.
  @inlinable public var endIndex: Int { stored }
  /// The character at `position`. Inlinable: called from another module,
  /// the subscript of a borrowed run copies all 256 bytes of its storage
  /// for each character.
  @inlinable
  public subscript(position: Int) -> Unicode.Scalar { storage[position] }

  /// Adds a character; ignored past the capacity.
  public mutating func append(_ scalar: Unicode.Scalar) {
    guard stored < ScalarRun.capacity else { return }
    storage[stored] = scalar
    stored += 1
  }
}
