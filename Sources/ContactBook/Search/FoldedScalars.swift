import TextFolding

/// The scalars of UTF-8 text with accents folded as for T9 (é→e, ß→ss) and
/// letters lowercased, one at a time, without allocating: the order the
/// contact list and the ranking sort names in.
struct FoldedScalars: IteratorProtocol {
  private var bytes: UnsafeBufferPointer<UInt8>.Iterator
  private var decoder = Unicode.UTF8()
  private var pending = InlineArray<8, Unicode.Scalar>(repeating: " ")
  private var pendingCount = 0
  private var pendingIndex = 0

  /// Iterates over `text` (UTF-8).
  init(_ text: UnsafeBufferPointer<UInt8>) { bytes = text.makeIterator() }

  /// The next folded, lowercased scalar.
  mutating func next() -> Unicode.Scalar? {
    while pendingIndex == pendingCount {
      pendingIndex = 0
      pendingCount = 0
      switch decoder.decode(&bytes) {
      case .scalarValue(let scalar): fill(scalar)
      case .error: append("\u{FFFD}")
      case .emptyInput: return nil
      }
    }
    defer { pendingIndex += 1 }
    return pending[pendingIndex]
  }

  private mutating func fill(_ scalar: Unicode.Scalar) {
    switch LatinFolding.fold(scalar) {
    case .unchanged: lower(scalar)
    case .one(let base): lower(base)
    case .two(let first, let second):
      lower(first)
      lower(second)
    case .dropped: break
    }
  }

  private mutating func lower(_ scalar: Unicode.Scalar) {
    if scalar.isASCII {
      let value = scalar.value
      append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar)
      return
    }
    // A one-scalar mapping is a small string: no allocation.
    for lowered in scalar.properties.lowercaseMapping.unicodeScalars { append(lowered) }
  }

  private mutating func append(_ scalar: Unicode.Scalar) {
    guard pendingCount < 8 else { return }
    pending[pendingCount] = scalar
    pendingCount += 1
  }
}
