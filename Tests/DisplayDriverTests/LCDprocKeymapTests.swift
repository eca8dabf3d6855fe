import DisplayDriver
import Foundation
import KeypadInput
import Testing

@Suite("LCDprocKeymap")
struct LCDprocKeymapTests {
  @Test("A keymap maps LCDd's key names, '#' and '*' included, to phone keys; 'long' makes a hold")
  func parses() throws {
    let keymap = try LCDprocKeymap.parse(
      """
      # a comment
      lcdproc-keymap pad   # trailing comment

      key Up     up
      key #      #     # the hash key
      key *      *
      key F1     0     long
      """, file: "pad.keymap")
    #expect(keymap.name == "pad")
    #expect(
      keymap.mappings == [
        .init(name: "Up", key: .up), .init(name: "#", key: .hash), .init(name: "*", key: .star),
        .init(name: "F1", key: .zero, long: true),
      ])
    #expect(keymap.mapping(for: Array("#".utf8))?.key == .hash)
    #expect(keymap.mapping(for: Array("up".utf8)) == nil)
  }

  @Test("The shipped lcdproc keymap parses and maps the usual LCDd keys and the twelve keys")
  func shipped() throws {
    let path = String(#filePath.split(separator: "/Tests/")[0]) + "/Keymaps/lcdproc.keymap"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let keymap = try LCDprocKeymap.parse(text, file: path)
    for name in ["Up", "Down", "Left", "Right", "Enter", "Escape"] {
      #expect(keymap.mapping(for: Array(name.utf8)) != nil)
    }
    let keys = Set(keymap.mappings.map(\.key))
    #expect(Key.twelveKeys.allSatisfy { keys.contains($0) })
  }

  @Test(
    "Mistakes are refused with the file, the line and the reason",
    arguments: [
      ("key Up up", "pad:1: error: expected 'lcdproc-keymap NAME' first"),
      ("lcdproc-keymap a\nkey Up select", "pad:2: error: unknown logical key 'select'"),
      ("lcdproc-keymap a\nkey Up", "pad:2: error: expected 'key NAME KEY'"),
      ("lcdproc-keymap a\nkey Up up hold", "pad:2: error: unexpected 'hold' after the logical key"),
      (
        "lcdproc-keymap a\nkey Up up\nkey Up down", "pad:3: error: 'Up' is already mapped on line 2"
      ),
      ("lcdproc-keymap a\nlcdproc-keymap b", "pad:2: error: a second 'lcdproc-keymap' line"),
      ("lcdproc-keymap a\nKEY_UP up", "pad:2: error: unexpected 'KEY_UP'"),
      ("lcdproc-keymap a", "pad: error: no 'key NAME KEY' line"),
      ("", "pad: error: no 'lcdproc-keymap NAME' line"),
    ])
  func refused(text: String, message: String) {
    #expect {
      _ = try LCDprocKeymap.parse(text, file: "pad")
    } throws: { error in
      (error as? KeymapError)?.message.hasPrefix(message) == true
    }
  }
}
