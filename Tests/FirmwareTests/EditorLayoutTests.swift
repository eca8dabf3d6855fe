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

@Test("a text without new lines is laid out as by walking it character by character")
func editorLayout_withoutNewLines() {
  for width in 1...5 {
    let layout = EditorLayout(width: width)
    for length in 0...11 {
      var buffer = TextBuffer(capacity: 20)
      buffer.set(String(repeating: "a", count: length))
      for index in -1...(length + 1) {
        let walked = walkedPosition(of: index, in: buffer, width: width)
        #expect(
          spot(layout, index, buffer) == walked, "width \(width) length \(length) index \(index)")
      }
      let lines = walkedPosition(of: length, in: buffer, width: width)[0] + 1
      #expect(layout.lineCount(of: buffer) == lines)
      for line in -1...(lines + 1) {
        for column in -1...(width + 1) {
          #expect(
            layout.index(line: line, column: column, in: buffer)
              == walkedIndex(line: line, column: column, in: buffer, width: width),
            "width \(width) length \(length) line \(line) column \(column)")
        }
      }
    }
  }
}

/// The layout by walking the text: wrap at the width, or after a new line.
private func walkedPosition(of index: Int, in buffer: TextBuffer, width: Int) -> [Int] {
  var line = 0
  var column = 0
  var position = 0
  while position < index && position < buffer.count {
    column += 1
    if buffer[position] == "\n" || column == width {
      line += 1
      column = 0
    }
    position += 1
  }
  return [line, column]
}

/// The index closest to (line, column) by walking the text.
private func walkedIndex(
  line target: Int, column targetColumn: Int, in buffer: TextBuffer, width: Int
)
  -> Int
{
  var best: Int?
  for index in 0...buffer.count {
    let position = walkedPosition(of: index, in: buffer, width: width)
    if position[0] == target && position[1] <= targetColumn { best = index }
  }
  return best ?? buffer.count
}
