import KeypadInput
import Testing

@testable import EvdevInput

/// The message `text` is refused with, or nil when it parses.
private func refusal(_ text: String) -> String? {
  do {
    _ = try Keymap.parse(text, file: "pad.keymap")
    return nil
  } catch {
    return error.message
  }
}

private func keymap(_ lines: String) -> String {
  "keymap pad\n" + twelveNumericLines + "\n" + lines
}

@Test("the message has the compiler form, with or without a line")
func keymapError_message() {
  #expect(KeymapError("oops", file: "a.keymap", line: 3).message == "a.keymap:3: error: oops")
  #expect(KeymapError("oops", file: "a.keymap").message == "a.keymap: error: oops")
  #expect(KeymapError("oops", file: "a.keymap").description == "a.keymap: error: oops")
}

@Test("an unknown key name or a bad code is refused")
func keymapError_unknownKeyName() {
  #expect(
    refusal(keymap("KEY_KP77 ok"))
      == "pad.keymap:14: error: unknown key name 'KEY_KP77' (give its code as a number instead)")
  #expect(
    refusal(keymap("0 ok"))
      == "pad.keymap:14: error: bad key code '0' (expected 1-767 or 0x1-0x2ff)")
  #expect(
    refusal(keymap("0x300 ok"))
      == "pad.keymap:14: error: bad key code '0x300' (expected 1-767 or 0x1-0x2ff)")
  #expect(
    refusal(keymap("12a ok"))
      == "pad.keymap:14: error: bad key code '12a' (expected 1-767 or 0x1-0x2ff)")
}

@Test("an unknown logical key, or none, is refused")
func keymapError_unknownLogicalKey() {
  #expect(
    refusal(keymap("KEY_OK select"))
      == "pad.keymap:14: error: unknown logical key 'select' (expected 0-9, *, #, ok, back, up,"
      + " down, left, right, call, end, softleft or softright)")
  #expect(
    refusal(keymap("KEY_OK")) == "pad.keymap:14: error: expected a logical key after 'KEY_OK'")
}

@Test("a code mapped twice is refused, whatever name it is given by")
func keymapError_duplicate() {
  #expect(
    refusal(keymap("KEY_KPENTER ok\nKEY_KPENTER ok"))
      == "pad.keymap:15: error: KEY_KPENTER (96) is already mapped on line 14")
  #expect(
    refusal(keymap("KEY_KPENTER ok\n96 back"))
      == "pad.keymap:15: error: KEY_KPENTER (96) is already mapped on line 14")
  #expect(
    refusal(keymap("0x2f0 ok\n752 back"))
      == "pad.keymap:15: error: code 752 is already mapped on line 14")
}

@Test("a twelve key left unmapped is refused without a line")
func keymapError_missingKeys() {
  let lines = twelveNumericLines.split(separator: "\n").filter { $0 != "KEY_NUMERIC_5 5" }
  let noFive = "keymap pad\n" + lines.joined(separator: "\n")
  #expect(
    refusal(noFive)
      == "pad.keymap: error: no code is mapped to key '5'; a keymap must map all of 0-9, * and #")
  #expect(
    refusal(
      "keymap pad\nKEY_1 1\nKEY_2 2\nKEY_3 3\nKEY_4 4\nKEY_5 5\nKEY_6 6\nKEY_7 7\nKEY_8 8\nKEY_9 9")
      == "pad.keymap: error: no code is mapped to keys '0', '*', '#'; a keymap must map all of"
      + " 0-9, * and #")
}

@Test("a bad hold value, a second hold and junk after the fields are refused")
func keymapError_holdAndJunk() {
  #expect(
    refusal(keymap("KEY_OK ok hold=forever"))
      == "pad.keymap:14: error: bad hold value 'forever' (expected none, long or repeat)")
  #expect(
    refusal(keymap("KEY_OK ok hold=none hold=long")) == "pad.keymap:14: error: hold is given twice")
  #expect(
    refusal(keymap("KEY_OK ok back"))
      == "pad.keymap:14: error: unexpected 'back' after the logical key")
  #expect(
    refusal(keymap("KEY_OK ok hold=none x"))
      == "pad.keymap:14: error: unexpected 'x' after the logical key")
}

@Test("two lines giving one logical key different holds are refused")
func keymapError_conflictingHold() {
  #expect(
    refusal(keymap("KEY_OK ok hold=long\nKEY_ENTER ok\nKEY_KPENTER ok hold=repeat"))
      == "pad.keymap:16: error: conflicting hold for 'ok': hold=repeat here, hold=long on line 14")
  #expect(refusal(keymap("KEY_OK ok hold=long\nKEY_KPENTER ok hold=long")) == nil)
}

@Test("the keymap line is required, once, before the mappings, with a plain name")
func keymapError_keymapLine() {
  #expect(refusal("") == "pad.keymap: error: no 'keymap NAME' line")
  #expect(refusal("# only a comment\n") == "pad.keymap: error: no 'keymap NAME' line")
  #expect(
    refusal("\nKEY_OK ok\nkeymap pad")
      == "pad.keymap:2: error: 'KEY_OK' before the 'keymap NAME' line")
  #expect(
    refusal(keymap("keymap again"))
      == "pad.keymap:14: error: a second 'keymap' line (the first is on line 1)")
  #expect(refusal("keymap") == "pad.keymap:1: error: expected a name after 'keymap'")
  #expect(
    refusal("keymap my/pad")
      == "pad.keymap:1: error: bad keymap name 'my/pad' (use letters, digits, '-', '_' and '.')")
  #expect(
    refusal("keymap pad extra") == "pad.keymap:1: error: unexpected 'extra' after the keymap name")
}
