/// The digit keys typed for a word so far, in fixed storage (at most
/// `capacity` keys, as long as the longest dictionary word) so composing
/// never allocates.
public struct KeySequence: Sendable, Hashable, CustomStringConvertible {
  /// The longest sequence a word can have.
  public static let capacity = 48
  private var digits: InlineArray<48, UInt8>
  /// How many keys were typed.
  public private(set) var count: Int = 0

  /// An empty sequence.
  public init() {
    digits = InlineArray(repeating: 0)
  }

  /// A sequence from a string of digits (`"4663"`); nil if it holds anything
  /// but 0–9 or is too long.
  public init?(_ text: String) {
    self.init()
    for scalar in text.unicodeScalars {
      guard ("0"..."9").contains(scalar), append(UInt8(scalar.value - 48)) else { return nil }
    }
  }

  /// The key at `index`.
  public subscript(index: Int) -> UInt8 { digits[index] }

  /// Whether no key was typed.
  public var isEmpty: Bool { count == 0 }

  /// Adds a key; false when the sequence is full.
  @discardableResult
  public mutating func append(_ digit: UInt8) -> Bool {
    guard count < KeySequence.capacity else { return false }
    digits[count] = digit
    count += 1
    return true
  }

  /// Removes the last key.
  public mutating func removeLast() {
    if count > 0 { count -= 1 }
  }

  /// Removes every key.
  public mutating func removeAll() { count = 0 }

  /// How many keys at the end are `1` (punctuation after a word).
  public var trailingOnes: Int {
    var ones = 0
    while ones < count && digits[count - 1 - ones] == 1 { ones += 1 }
    return ones
  }

  /// The digits as text, e.g. `4663`.
  public var description: String {
    var text = ""
    for index in 0..<count { text.unicodeScalars.append(Unicode.Scalar(48 + digits[index])) }
    return text
  }

  /// Sequences are equal when they hold the same keys.
  public static func == (lhs: KeySequence, rhs: KeySequence) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in 0..<lhs.count where lhs.digits[index] != rhs.digits[index] { return false }
    return true
  }

  /// Hashes the keys typed.
  public func hash(into hasher: inout Hasher) {
    for index in 0..<count { hasher.combine(digits[index]) }
  }
}
