import Vocabulary

/// Decodes the bytes a terminal sends for the computer keyboard into phone
/// keys: digits, `*`, `#`, Enter (ok), Backspace (back), arrows, Tab/F1 and F2
/// (soft keys), `c` (call), `e` or Esc Esc (end), Alt+key (hold), `q` (quit).
///
/// Pure: bytes in, inputs out, no state between reads and no I/O, so the
/// simulator's terminal reader and the fuzzer share it.
public enum TerminalKeyDecoder {
  /// Decodes one read's bytes.
  public static func decode(_ bytes: [UInt8]) -> [TerminalInput] {
    var inputs: [TerminalInput] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        let rest = Array(bytes[(index + 1)...])
        if rest.isEmpty {
          inputs.append(.tap(.end))
          index += 1
          continue
        }
        if let (input, length) = escapeSequence(rest) {
          if let input { inputs.append(input) }
          index += 1 + length
          continue
        }
        if let key = plainKey(rest[0]) {
          inputs.append(.hold(key))
        } else if rest[0] == 0x1B {
          inputs.append(.tap(.end))
        }
        index += 2
        continue
      }
      if let key = plainKey(byte) {
        inputs.append(.tap(key))
      } else if byte == UInt8(ascii: "q") || byte == 0x03 || byte == 0x04 {
        inputs.append(.quit)
      }
      index += 1
    }
    return inputs
  }

  /// The key a single byte stands for.
  public static func plainKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Key(digit: Int(byte - UInt8(ascii: "0")))
    case UInt8(ascii: "*"): .star
    case UInt8(ascii: "#"): .hash
    case 0x0D, 0x0A: .ok
    case 0x7F, 0x08: .back
    case 0x09: .softLeft
    case UInt8(ascii: "c"): .call
    case UInt8(ascii: "e"): .end
    default: nil
    }
  }

  /// CSI and SS3 sequences after an Esc: arrows and F1/F2. Returns the input
  /// (nil for an unknown sequence, which is skipped) and its length.
  private static func escapeSequence(_ rest: [UInt8]) -> (TerminalInput?, Int)? {
    guard rest.count >= 2, rest[0] == UInt8(ascii: "[") || rest[0] == UInt8(ascii: "O") else {
      return nil
    }
    var end = 1
    while end < rest.count && !(0x40...0x7E).contains(rest[end]) { end += 1 }
    guard end < rest.count else { return (nil, rest.count) }
    let body = Array(rest[1...end])
    let length = end + 1
    switch body {
    case [UInt8(ascii: "A")]: return (.tap(.up), length)
    case [UInt8(ascii: "B")]: return (.tap(.down), length)
    case [UInt8(ascii: "C")]: return (.tap(.right), length)
    case [UInt8(ascii: "D")]: return (.tap(.left), length)
    case [UInt8(ascii: "P")], Array("11~".utf8): return (.tap(.softLeft), length)
    case [UInt8(ascii: "Q")], Array("12~".utf8): return (.tap(.softRight), length)
    default: return (nil, length)
    }
  }
}
