/// The characters of a text field, in storage reserved once at creation.
///
/// A character here is one Unicode scalar: everything the keypad types is
/// one. The buffer never grows past its capacity: inserting into a full buffer
/// is refused and the text stays as it was.
public struct TextBuffer: Sendable, Hashable, RandomAccessCollection {
  private var scalars: [Unicode.Scalar]
  /// The most characters the buffer holds.
  public let capacity: Int

  /// An empty buffer for at most `capacity` characters.
  public init(capacity: Int) {
    self.capacity = Swift.max(0, capacity)
    scalars = []
    scalars.reserveCapacity(self.capacity)
  }

  /// The first index.
  public var startIndex: Int { 0 }
  /// One past the last index.
  public var endIndex: Int { scalars.count }
  /// The character at `position`.
  public subscript(position: Int) -> Unicode.Scalar { scalars[position] }

  /// Whether another character would be refused.
  public var isFull: Bool { scalars.count >= capacity }

  /// How many more characters fit.
  public var remaining: Int { capacity - scalars.count }

  /// Inserts `scalar` at `index`; false (and nothing changes) when full.
  @discardableResult
  public mutating func insert(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
    guard !isFull, (0...scalars.count).contains(index) else { return false }
    scalars.insert(scalar, at: index)
    return true
  }

  /// Replaces the character at `index`.
  public mutating func replace(at index: Int, with scalar: Unicode.Scalar) {
    guard scalars.indices.contains(index) else { return }
    scalars[index] = scalar
  }

  /// Removes the character at `index`.
  public mutating func remove(at index: Int) {
    guard scalars.indices.contains(index) else { return }
    scalars.remove(at: index)
  }

  /// Removes every character, keeping the reserved storage.
  public mutating func removeAll() {
    scalars.removeAll(keepingCapacity: true)
  }

  /// Replaces the whole text with `text`; when it does not fit, returns false
  /// and keeps the old text.
  @discardableResult
  public mutating func set(_ text: String) -> Bool {
    guard text.unicodeScalars.count <= capacity else { return false }
    removeAll()
    for scalar in text.unicodeScalars {
      guard insert(scalar, at: scalars.count) else { return false }
    }
    return true
  }

  /// The text as a string.
  public var string: String {
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }
}
