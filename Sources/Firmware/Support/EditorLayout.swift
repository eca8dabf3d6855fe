import TextEntry

/// Where each character of a field lands on a few rows of glass: wrapped at
/// the width, a line break after each new-line mark.
public struct EditorLayout: Sendable {
  /// Characters per row.
  public let width: Int

  /// A layout for rows `width` characters wide.
  public init(width: Int) {
    self.width = Swift.max(1, width)
  }

  /// The (line, column) of the character at `index`; `index == count` gives the
  /// position just after the last character.
  public func position(of index: Int, in buffer: TextBuffer) -> (line: Int, column: Int) {
    if buffer.newlineCount == 0 {
      // Without new-line marks every line but the last is full.
      let end = Swift.max(0, Swift.min(index, buffer.count))
      return (end / width, end % width)
    }
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
    return (line, column)
  }

  /// How many lines the text takes (at least one).
  public func lineCount(of buffer: TextBuffer) -> Int {
    position(of: buffer.count, in: buffer).line + 1
  }

  /// The index closest to (line, column): the same column on another line,
  /// or that line's end.
  public func index(line target: Int, column targetColumn: Int, in buffer: TextBuffer) -> Int {
    if buffer.newlineCount == 0 {
      // Line `target` starts at `target * width`.
      guard target >= 0, targetColumn >= 0, target <= buffer.count / width else {
        return buffer.count
      }
      return Swift.min(target * width + Swift.min(targetColumn, width - 1), buffer.count)
    }
    var line = 0
    var column = 0
    var best: Int?
    for index in 0...buffer.count {
      if line == target {
        if column <= targetColumn { best = index }
      } else if line > target {
        break
      }
      guard index < buffer.count else { break }
      column += 1
      if buffer[index] == "\n" || column == width {
        line += 1
        column = 0
      }
    }
    return best ?? buffer.count
  }
}
