/// The size of a character LCD and where its cells live in HD44780 display
/// memory (DDRAM).
public struct LCDGeometry: Sendable, Hashable, CustomStringConvertible {
  /// Characters per row.
  public let columns: Int
  /// Rows.
  public let rows: Int

  /// The most cells any supported geometry has (40x2, 20x4 and 16x4 under it).
  public static let maximumCells = 80

  /// The modules the firmware supports.
  public static let supported: [LCDGeometry] = [
    LCDGeometry(uncheckedColumns: 16, rows: 1), LCDGeometry(uncheckedColumns: 16, rows: 2),
    LCDGeometry(uncheckedColumns: 16, rows: 4), LCDGeometry(uncheckedColumns: 20, rows: 2),
    LCDGeometry(uncheckedColumns: 20, rows: 4), LCDGeometry(uncheckedColumns: 40, rows: 2),
  ]

  /// The 16x2 module, the firmware's default.
  public static let lcd16x2 = LCDGeometry(uncheckedColumns: 16, rows: 2)

  private init(uncheckedColumns columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// A supported geometry, or nil.
  public init?(columns: Int, rows: Int) {
    guard LCDGeometry.supported.contains(LCDGeometry(uncheckedColumns: columns, rows: rows)) else {
      return nil
    }
    self.init(uncheckedColumns: columns, rows: rows)
  }

  /// Parses `16x2`, `20x4`, `40x2`…; nil for anything unsupported.
  public init?(name: String) {
    let parts = name.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else {
      return nil
    }
    self.init(columns: columns, rows: rows)
  }

  /// The name, e.g. `16x2`.
  public var description: String { "\(columns)x\(rows)" }

  /// How many cells the glass shows.
  public var cellCount: Int { columns * rows }

  /// Whether the controller runs in two-line mode (every module but none: a
  /// 16x1 module is wired as two 8-character halves at 0x00 and 0x40).
  public var usesTwoLineMode: Bool { true }

  /// The DDRAM address of a cell:
  /// `col + (row % 2) * 0x40 + (row >= 2 ? columns : 0)`, and for 16x1 the
  /// right half at 0x40. Inlinable: drivers ask it for every cell.
  @inlinable public func address(row: Int, column: Int) -> UInt8 {
    if rows == 1 && columns == 16 {
      return UInt8(column < 8 ? column : 0x40 + column - 8)
    }
    return UInt8(column + (row % 2) * 0x40 + (row >= 2 ? columns : 0))
  }

  /// The cell shown at a DDRAM address with no display shift, if any.
  public func cell(at address: UInt8) -> (row: Int, column: Int)? {
    for row in 0..<rows {
      for column in 0..<columns where self.address(row: row, column: column) == address {
        return (row, column)
      }
    }
    return nil
  }
}
