/// A short run of characters in fixed storage (a word being shown), so
/// building it never allocates.
struct ScalarRun: RandomAccessCollection {
  static let capacity = 64
  private var storage = InlineArray<64, Unicode.Scalar>(repeating: " ")
  private(set) var count = 0

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> Unicode.Scalar { storage[position] }

  /// Adds a character; ignored past the capacity.
  mutating func append(_ scalar: Unicode.Scalar) {
    guard count < ScalarRun.capacity else { return }
    storage[count] = scalar
    count += 1
  }
}
