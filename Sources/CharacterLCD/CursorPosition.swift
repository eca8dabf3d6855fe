/// A cell on the glass, 0-based.
public struct CursorPosition: Sendable, Hashable {
  /// The row, from the top.
  public var row: Int
  /// The column, from the left.
  public var column: Int

  /// Creates a position.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}
