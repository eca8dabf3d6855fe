import KeypadInput
import TerminalKeys
import Testing

/// The bytes of `text`, for readable test inputs.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("TerminalKeyDecoder")
struct TerminalKeyDecoderTests {
  @Test("Digits, * and # are taps of the same keys")
  func keypadCharacters() {
    let inputs = TerminalKeyDecoder.decode(bytes("0123456789*#"))
    let keys: [Key] = (0...9).compactMap { Key(digit: $0) } + [.star, .hash]
    #expect(inputs == keys.map { .tap($0) })
  }

  @Test("Enter, Backspace, Tab, c and e are ok, back, the left soft key, call and end")
  func namedKeys() {
    #expect(
      TerminalKeyDecoder.decode([0x0D, 0x0A, 0x7F, 0x08, 0x09] + bytes("ce")) == [
        .tap(.ok), .tap(.ok), .tap(.back), .tap(.back), .tap(.softLeft), .tap(.call), .tap(.end),
      ])
  }

  @Test("Arrows and F1/F2 arrive as CSI or SS3 sequences")
  func escapeSequences() {
    #expect(
      TerminalKeyDecoder.decode(bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")) == [
        .tap(.up), .tap(.down), .tap(.right), .tap(.left),
      ])
    #expect(
      TerminalKeyDecoder.decode(bytes("\u{1B}OP\u{1B}OQ\u{1B}[11~\u{1B}[12~")) == [
        .tap(.softLeft), .tap(.softRight), .tap(.softLeft), .tap(.softRight),
      ])
  }

  @Test("An unknown or unfinished sequence is skipped whole, the keys after it are kept")
  func unknownSequences() {
    #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[15~5")) == [.tap(Key(digit: 5) ?? .ok)])
    #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[1;5")).isEmpty)
  }

  @Test("Alt+key (Esc then the key) holds the key; Esc alone or Esc Esc is end")
  func holdsAndEnd() {
    #expect(TerminalKeyDecoder.decode(bytes("\u{1B}5")) == [.hold(Key(digit: 5) ?? .ok)])
    #expect(TerminalKeyDecoder.decode(bytes("\u{1B}#")) == [.hold(.hash)])
    #expect(TerminalKeyDecoder.decode([0x1B]) == [.tap(.end)])
    #expect(TerminalKeyDecoder.decode([0x1B, 0x1B]) == [.tap(.end)])
    #expect(TerminalKeyDecoder.decode(bytes("\u{1B}x")).isEmpty)
  }

  @Test("q, Ctrl-C and Ctrl-D quit; other bytes are ignored")
  func quitAndIgnored() {
    #expect(TerminalKeyDecoder.decode(bytes("q")) == [.quit])
    #expect(TerminalKeyDecoder.decode([0x03, 0x04]) == [.quit, .quit])
    #expect(TerminalKeyDecoder.decode(bytes("xyz é")).isEmpty)
    #expect(TerminalKeyDecoder.decode([]).isEmpty)
  }

  @Test("plainKey is the one-byte table the decoder taps with")
  func plainKeyTable() {
    for byte in UInt8.min...UInt8.max where byte != 0x1B {
      let tapped = TerminalKeyDecoder.plainKey(byte).map { [TerminalInput.tap($0)] }
      let decoded = TerminalKeyDecoder.decode([byte])
      if let tapped {
        #expect(decoded == tapped)
      } else {
        #expect(decoded.allSatisfy { $0 == .quit })
      }
    }
  }
}
