import Foundation
import KeypadInput
import Testing

@testable import EvdevInput

/// The twelve keys of a phone keypad as `KEY_NUMERIC_*` lines.
let twelveNumericLines = """
  KEY_NUMERIC_0 0
  KEY_NUMERIC_1 1
  KEY_NUMERIC_2 2
  KEY_NUMERIC_3 3
  KEY_NUMERIC_4 4
  KEY_NUMERIC_5 5
  KEY_NUMERIC_6 6
  KEY_NUMERIC_7 7
  KEY_NUMERIC_8 8
  KEY_NUMERIC_9 9
  KEY_NUMERIC_STAR *
  KEY_NUMERIC_POUND #
  """

/// The repository's Keymaps folder, found from this file's path.
private let keymapsFolder: String = {
  var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
  components.removeLast(3)
  return components.joined(separator: "/") + "/Keymaps"
}()

private let shippedNames = ["numpad-phone", "numpad-labels", "phone-keypad", "pc-keyboard"]

private func shipped(_ name: String) throws -> Keymap {
  let path = "\(keymapsFolder)/\(name).keymap"
  return try Keymap.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
}

private func code(_ name: String) -> UInt16 {
  EvdevKeyNames.code(named: name) ?? 0
}

@Test("a keymap maps codes by name or number, with comments and blank lines")
func keymap_parsesLines() throws {
  let text = """
    # a comment
    keymap my-pad_2.0   # trailing comment

    \(twelveNumericLines)
    \tKEY_KPENTER\tOK
    0x1c ok hold=none   # KEY_ENTER as hex
    14 back
    KPMINUS back        # without the prefix
    """
  let keymap = try Keymap.parse(text, file: "my.keymap")
  #expect(keymap.name == "my-pad_2.0")
  #expect(keymap.key(for: 0x20b) == .hash)
  #expect(keymap.key(for: 96) == .ok)
  #expect(keymap.key(for: 28) == .ok)
  #expect(keymap.key(for: 14) == .back)
  #expect(keymap.key(for: 74) == .back)
  #expect(keymap.key(for: 71) == nil)
  #expect(keymap.codes.count == 16)
  #expect(keymap.codes == keymap.codes.sorted())
  #expect(keymap.codes(for: .ok) == [28, 96])
  #expect(keymap.holdPolicy(for: .ok) == HoldPolicy.none)
  #expect(keymap.holdPolicy(for: .back) == nil)
}

@Test("hold values set the logical key's hold policy and apply to gesture settings")
func keymap_holdPolicies() throws {
  let text = """
    keymap holds
    \(twelveNumericLines)
    KEY_KPENTER ok hold=long
    KEY_ENTER ok hold=long
    KEY_BACKSPACE back hold=repeat # comment
    KEY_F1 softleft hold=none
    """
  let keymap = try Keymap.parse(text, file: "holds.keymap")
  #expect(keymap.holdPolicy(for: .ok) == .longPress)
  #expect(keymap.holdPolicy(for: .back) == .longPressThenRepeat)
  #expect(keymap.holdPolicy(for: .softLeft) == HoldPolicy.none)
  #expect(keymap.holdPolicy(for: .five) == nil)
  var settings = GestureSettings()
  keymap.applyHoldPolicies(to: &settings)
  #expect(settings.holdPolicy(for: .ok) == .longPress)
  #expect(settings.holdPolicy(for: .back) == .longPressThenRepeat)
  #expect(settings.holdPolicy(for: .hash) == .longPressThenRepeat)
  #expect(settings.holdPolicy(for: .five) == .longPress)
}

@Test("Windows line ends are accepted")
func keymap_crlf() throws {
  let text = ("keymap crlf\n" + twelveNumericLines + "\nKEY_OK ok\n")
    .replacingOccurrences(of: "\n", with: "\r\n")
  let keymap = try Keymap.parse(text, file: "crlf.keymap")
  #expect(keymap.name == "crlf")
  #expect(keymap.key(for: 0x160) == .ok)
}

@Test("every shipped keymap parses and maps the twelve keys", arguments: shippedNames)
func keymap_shippedParse(name: String) throws {
  let keymap = try shipped(name)
  #expect(keymap.name == name)
  for key in Key.allCases where key.isTwelveKey {
    #expect(!keymap.codes(for: key).isEmpty, "\(key.name)")
  }
}

@Test("numpad-phone puts the numpad's rows where a phone has them")
func keymap_numpadPhone() throws {
  let keymap = try shipped("numpad-phone")
  let expected: [(String, Key)] = [
    ("KEY_KP7", .one), ("KEY_KP8", .two), ("KEY_KP9", .three),
    ("KEY_KP4", .four), ("KEY_KP5", .five), ("KEY_KP6", .six),
    ("KEY_KP1", .seven), ("KEY_KP2", .eight), ("KEY_KP3", .nine),
    ("KEY_KP0", .zero), ("KEY_KPSLASH", .star), ("KEY_KPASTERISK", .hash),
    ("KEY_KPENTER", .ok), ("KEY_KPMINUS", .back), ("KEY_KPPLUS", .call),
    ("KEY_KPDOT", .end), ("KEY_NUMLOCK", .softLeft),
    ("KEY_ENTER", .ok), ("KEY_BACKSPACE", .back), ("KEY_ESC", .softRight),
    ("KEY_UP", .up), ("KEY_DOWN", .down), ("KEY_LEFT", .left), ("KEY_RIGHT", .right),
  ]
  for (name, key) in expected {
    #expect(keymap.key(for: code(name)) == key, "\(name)")
  }
  #expect(keymap.codes.count == expected.count)
  #expect(Set(Key.allCases).isSubset(of: Set(keymap.codes.compactMap(keymap.key(for:)))))
}

@Test("numpad-labels keeps the printed digits")
func keymap_numpadLabels() throws {
  let keymap = try shipped("numpad-labels")
  for digit in 0...9 {
    #expect(keymap.key(for: code("KEY_KP\(digit)")) == Key(digit: digit))
  }
  #expect(keymap.key(for: code("KEY_KPASTERISK")) == .star)
  #expect(keymap.key(for: code("KEY_KPDOT")) == .hash)
  #expect(keymap.key(for: code("KEY_KPSLASH")) == .end)
}

@Test("phone-keypad maps the kernel's phone keys")
func keymap_phoneKeypad() throws {
  let keymap = try shipped("phone-keypad")
  for digit in 0...9 {
    #expect(keymap.key(for: code("KEY_NUMERIC_\(digit)")) == Key(digit: digit))
  }
  #expect(keymap.key(for: code("KEY_NUMERIC_STAR")) == .star)
  #expect(keymap.key(for: code("KEY_NUMERIC_POUND")) == .hash)
  #expect(keymap.key(for: code("KEY_OK")) == .ok)
  #expect(keymap.key(for: code("KEY_SELECT")) == .ok)
  #expect(keymap.key(for: code("KEY_BACK")) == .back)
  #expect(keymap.key(for: code("KEY_PHONE")) == .call)
  #expect(keymap.key(for: code("KEY_HANGUP_PHONE")) == .end)
  #expect(keymap.key(for: code("KEY_UP")) == .up)
}

@Test("pc-keyboard mirrors the terminal simulator's keys")
func keymap_pcKeyboard() throws {
  let keymap = try shipped("pc-keyboard")
  for digit in 0...9 {
    #expect(keymap.key(for: code("KEY_\(digit)")) == Key(digit: digit))
    #expect(keymap.key(for: code("KEY_KP\(digit)")) == Key(digit: digit))
  }
  let expected: [(String, Key)] = [
    ("KEY_ENTER", .ok), ("KEY_BACKSPACE", .back), ("KEY_TAB", .softLeft),
    ("KEY_F1", .softLeft), ("KEY_F2", .softRight), ("KEY_C", .call), ("KEY_E", .end),
    ("KEY_ESC", .end), ("KEY_LEFT", .left), ("KEY_KPASTERISK", .star),
  ]
  for (name, key) in expected {
    #expect(keymap.key(for: code(name)) == key, "\(name)")
  }
}

@Test("the shipped keymaps have no hold settings of their own", arguments: shippedNames)
func keymap_shippedHolds(name: String) throws {
  let keymap = try shipped(name)
  #expect(Key.allCases.allSatisfy { keymap.holdPolicy(for: $0) == nil })
}
