/// A short run of characters in fixed storage (a word being shown or
/// learned), so building it never allocates.
public struct ScalarRun: RandomAccessCollection, Sendable {
  /// The most characters it holds; more are dropped.
  public static let capacity = 64
  private var storage = InlineArray<64, Unicode.Scalar>(repeating: " ")
  /// How many characters it holds.
  public private(set) var count = 0

  /// An empty run.
  public init() {}

  /// The first index.
  public var startIndex: Int { 0 }
  /// One past the last index.
  public var endIndex: Int { count }
  /// The character at `position`.
  public subscript(position: Int) -> Unicode.Scalar { storage[position] }

  /// Adds a character; ignored past the capacity.
  public mutating func append(_ scalar: Unicode.Scalar) {
    guard count < ScalarRun.capacity else { return }
    storage[count] = scalar
    count += 1
  }
}
