import Firmware
import Testing
import TextEntry

@Test("text wraps at the width and after new lines")
func editorLayout_wraps() {
  var buffer = TextBuffer(capacity: 50)
  buffer.set("abcdef\nxy")
  let layout = EditorLayout(width: 4)
  #expect(spot(layout, 3, buffer) == [0, 3])
  #expect(spot(layout, 4, buffer) == [1, 0])
  #expect(spot(layout, 7, buffer) == [2, 0])
  #expect(spot(layout, 9, buffer) == [2, 2])
  #expect(layout.lineCount(of: buffer) == 3)
}

@Test("moving between lines keeps the column or goes to the line's end")
func editorLayout_lineMoves() {
  var buffer = TextBuffer(capacity: 50)
  buffer.set("abcdef\nxy")
  let layout = EditorLayout(width: 4)
  #expect(layout.index(line: 1, column: 1, in: buffer) == 5)
  #expect(layout.index(line: 2, column: 3, in: buffer) == 9)
  #expect(layout.index(line: 1, column: 3, in: buffer) == 6, "line 1 ends after the new line")
}

private func spot(_ layout: EditorLayout, _ index: Int, _ buffer: TextBuffer) -> [Int] {
  let position = layout.position(of: index, in: buffer)
  return [position.line, position.column]
}
