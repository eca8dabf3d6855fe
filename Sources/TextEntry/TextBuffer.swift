/// The characters of a text field, in storage reserved once at creation.
///
/// A character here is one Unicode scalar: everything the keypad types is
/// one. The buffer never grows past its capacity: inserting into a full buffer
/// is refused and the text stays as it was.
///
/// It keeps running totals of what the firmware asks about the whole text
/// on every key press — its new-line marks (where the layout wraps) and its
/// length as an SMS — so a key press costs the same at the end of a long
/// message as in an empty one.
public struct TextBuffer: Sendable, Hashable, RandomAccessCollection {
  @usableFromInline var scalars: [Unicode.Scalar]
  /// The most characters the buffer holds.
  public let capacity: Int
  /// How many characters are new-line marks (`\n`).
  public private(set) var newlineCount = 0
  /// GSM-7 septets of the whole text (characters outside GSM count 0).
  private var septets = 0
  /// UTF-16 units of the whole text.
  private var ucs2Units = 0
  /// How many characters are outside the GSM alphabet.
  private var nonGSMCount = 0

  /// An empty buffer for at most `capacity` characters.
  public init(capacity: Int) {
    self.capacity = Swift.max(0, capacity)
    scalars = []
    scalars.reserveCapacity(self.capacity)
  }

  /// The first index.
  @inlinable public var startIndex: Int { 0 }
  /// One past the last index.
  @inlinable public var endIndex: Int { scalars.count }
  /// The character at `position`.
  @inlinable public subscript(position: Int) -> Unicode.Scalar { scalars[position] }

  /// Whether another character would be refused.
  public var isFull: Bool { scalars.count >= capacity }

  /// How many more characters fit.
  public var remaining: Int { capacity - scalars.count }

  /// The text's length as an SMS.
  public var smsLength: SMSLength {
    SMSLength(septets: septets, ucs2Units: ucs2Units, isGSM: nonGSMCount == 0)
  }

  /// The SMS length the text would have with the `count` characters at
  /// `start` replaced by `replacement`.
  func smsLength(
    replacing count: Int, at start: Int, with replacement: some Collection<Unicode.Scalar>
  ) -> SMSLength {
    var septets = septets
    var ucs2Units = ucs2Units
    var nonGSMCount = nonGSMCount
    let lower = Swift.min(Swift.max(0, start), scalars.count)
    let upper = Swift.min(Swift.max(lower, start + count), scalars.count)
    for index in lower..<upper {
      let scalar = scalars[index]
      ucs2Units -= SMSLength.ucs2Units(scalar)
      let cost = SMSLength.septets(scalar)
      if cost == 0 { nonGSMCount -= 1 } else { septets -= cost }
    }
    for scalar in replacement {
      ucs2Units += SMSLength.ucs2Units(scalar)
      let cost = SMSLength.septets(scalar)
      if cost == 0 { nonGSMCount += 1 } else { septets += cost }
    }
    return SMSLength(septets: septets, ucs2Units: ucs2Units, isGSM: nonGSMCount == 0)
  }

  /// Inserts `scalar` at `index`; false (and nothing changes) when full.
  @discardableResult
  public mutating func insert(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
    guard !isFull, (0...scalars.count).contains(index) else { return false }
    scalars.insert(scalar, at: index)
    count(scalar, 1)
    return true
  }

  /// Replaces the character at `index`.
  public mutating func replace(at index: Int, with scalar: Unicode.Scalar) {
    guard scalars.indices.contains(index) else { return }
    count(scalars[index], -1)
    scalars[index] = scalar
    count(scalar, 1)
  }

  /// Removes the character at `index`.
  public mutating func remove(at index: Int) {
    guard scalars.indices.contains(index) else { return }
    count(scalars.remove(at: index), -1)
  }

  /// Removes every character, keeping the reserved storage.
  public mutating func removeAll() {
    scalars.removeAll(keepingCapacity: true)
    newlineCount = 0
    septets = 0
    ucs2Units = 0
    nonGSMCount = 0
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

  /// Adds (`sign` 1) or takes away (-1) one character from the totals.
  private mutating func count(_ scalar: Unicode.Scalar, _ sign: Int) {
    if scalar == "\n" { newlineCount += sign }
    ucs2Units += sign * SMSLength.ucs2Units(scalar)
    let cost = SMSLength.septets(scalar)
    if cost == 0 { nonGSMCount += sign } else { septets += sign * cost }
  }

  /// Buffers are equal when they hold the same text and capacity (the
  /// totals follow from the text).
  public static func == (lhs: TextBuffer, rhs: TextBuffer) -> Bool {
    lhs.capacity == rhs.capacity && lhs.scalars == rhs.scalars
  }

  /// Hashes the text and capacity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scalars)
    hasher.combine(capacity)
  }
}
