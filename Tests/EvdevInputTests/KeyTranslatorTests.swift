import KeypadInput
import Testing

@testable import EvdevInput

private let keymap = Keymap(
  name: "test", keys: [71: .one, 72: .two, 96: .ok, 28: .ok, 74: .back])

private func key(_ code: UInt16, _ value: Int32, at seconds: Int64, _ micros: Int32) -> InputEvent {
  InputEvent(seconds: seconds, microseconds: micros, type: InputEvent.key, code: code, value: value)
}

@Test("a press and a release of a mapped code become key events at the kernel's times")
func keyTranslator_pressRelease() {
  var translator = KeyTranslator(keymap: keymap)
  #expect(
    translator.translate(key(71, 1, at: 5, 250_000))
      == KeyEvent(.press, .one, at: Instant(microseconds: 5_250_000)))
  #expect(
    translator.translate(key(71, 0, at: 5, 330_500))
      == KeyEvent(.release, .one, at: Instant(microseconds: 5_330_500)))
}

@Test("autorepeat, unmapped codes and other event types are ignored")
func keyTranslator_ignores() {
  var translator = KeyTranslator(keymap: keymap)
  #expect(translator.translate(key(71, 1, at: 1, 0)) != nil)
  #expect(translator.translate(key(71, 2, at: 1, 500_000)) == nil)
  #expect(translator.translate(key(71, 2, at: 1, 533_000)) == nil)
  #expect(translator.translate(key(30, 1, at: 1, 600_000)) == nil)
  #expect(translator.translate(key(30, 0, at: 1, 700_000)) == nil)
  let sync = InputEvent(
    seconds: 1, microseconds: 0, type: InputEvent.synchronization, code: InputEvent.report,
    value: 0)
  #expect(translator.translate(sync) == nil)
  let misc = InputEvent(seconds: 1, microseconds: 0, type: 4, code: 4, value: 0x7005f)
  #expect(translator.translate(misc) == nil)
  #expect(translator.translate(key(71, 0, at: 2, 0))?.action == .release)
}

@Test("a code pressed twice without a release is pressed once")
func keyTranslator_doublePress() {
  var translator = KeyTranslator(keymap: keymap)
  #expect(translator.translate(key(72, 1, at: 1, 0))?.action == .press)
  #expect(translator.translate(key(72, 1, at: 1, 10)) == nil)
  #expect(translator.translate(key(72, 0, at: 1, 20))?.action == .release)
}

@Test("two codes of one logical key: down with the first, up with the last")
func keyTranslator_sharedKey() {
  var translator = KeyTranslator(keymap: keymap)
  #expect(
    translator.translate(key(96, 1, at: 1, 0))
      == KeyEvent(.press, .ok, at: .init(microseconds: 1_000_000)))
  #expect(translator.translate(key(28, 1, at: 1, 100)) == nil)
  #expect(translator.translate(key(96, 0, at: 1, 200)) == nil)
  #expect(
    translator.translate(key(28, 0, at: 1, 300))
      == KeyEvent(.release, .ok, at: Instant(microseconds: 1_000_300)))
}

@Test("a release of a code not seen pressed is passed on; reset forgets held codes")
func keyTranslator_strayReleaseAndReset() {
  var translator = KeyTranslator(keymap: keymap)
  #expect(translator.translate(key(74, 0, at: 1, 0))?.action == .release)
  #expect(translator.translate(key(96, 1, at: 2, 0))?.action == .press)
  translator.reset()
  #expect(translator.translate(key(28, 1, at: 3, 0))?.action == .press)
}

@Test("events from a parsed keymap use its mapping")
func keyTranslator_parsedKeymap() throws {
  let text = "keymap tiny\n" + twelveNumericLines
  var translator = KeyTranslator(keymap: try Keymap.parse(text, file: "tiny.keymap"))
  #expect(translator.translate(key(0x20b, 1, at: 0, 7))?.key == .hash)
  #expect(translator.translate(key(0x205, 1, at: 0, 8))?.key == .five)
}
