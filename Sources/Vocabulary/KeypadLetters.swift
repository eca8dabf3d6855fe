/// The letters of a phone keypad (ITU-T E.161): `abc` on 2 … `wxyz` on 9.
///
/// The one copy of the table: T9, multi-tap, the contact search, vCard
/// numbers written in letters and the simulator's legend read it here, and
/// the Python tools in `tools/` read the `letterGroups` line of this file.
public enum KeypadLetters {
  /// The lowercase letters of keys 2–9, in key order.
  public static let letterGroups = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]

  /// The key (2–9) of an ASCII letter of either case, or nil for anything
  /// else.
  @inlinable
  public static func key(ofLetter scalar: Unicode.Scalar) -> UInt8? {
    var value = scalar.value
    if (0x41...0x5A).contains(value) { value += 32 }
    guard (0x61...0x7A).contains(value) else { return nil }
    return keysOfLetters[Int(value - 0x61)]
  }

  /// The lowercase letters on `key` (empty for keys without letters).
  public static func letters(on key: Int) -> [Unicode.Scalar] {
    guard (2...9).contains(key) else { return [] }
    return Array(letterGroups[key - 2].unicodeScalars)
  }

  /// The key of each letter `a`–`z`, made from `letterGroups`.
  @usableFromInline static let keysOfLetters: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 26)
    for (offset, group) in letterGroups.enumerated() {
      for letter in group.unicodeScalars { table[Int(letter.value) - 0x61] = UInt8(offset + 2) }
    }
    return table
  }()
}
