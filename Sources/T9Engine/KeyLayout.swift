import TextFolding
import Vocabulary

/// Which keypad key types a letter (ITU-T E.161), after folding accents:
/// `a`–`c` → 2 … `w`–`z` → 9, and the apostrophe → 1 (contractions are typed
/// with key 1: "don't" is 36618).
public enum KeyLayout {
  /// The key (1–9) for a character, or nil if no key types it.
  @inline(__always)
  public static func key(for scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    if value < 0x80 { return asciiKeys[Int(value)] == 0 ? nil : asciiKeys[Int(value)] }
    if value == 0x2019 { return 1 }  // ’ right single quotation mark, as an apostrophe
    guard let base = LatinFolding.baseCharacter(scalar), base.value < 0x80 else { return nil }
    let key = asciiKeys[Int(base.value)]
    return key == 0 ? nil : key
  }

  /// The key of each ASCII character (0: none): the keypad's letters in
  /// either case, and the apostrophe on 1.
  static let asciiKeys: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 128)
    for code in 0..<128 {
      table[code] = KeypadLetters.key(ofLetter: Unicode.Scalar(UInt8(code))) ?? 0
    }
    table[Int(UInt8(ascii: "'"))] = 1
    return table
  }()
}
