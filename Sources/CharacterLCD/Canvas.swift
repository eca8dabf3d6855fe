/// What a screen wants on the glass, as Unicode characters, before the
/// character ROM and CGRAM decide how to show them.
///
/// Fixed size (at most `LCDGeometry.maximumCells`), so drawing never
/// allocates.
public struct Canvas: Sendable {
  /// The display the canvas is for.
  public let geometry: LCDGeometry
  // Inlinable cell access: screens in other modules draw a cell at a time.
  @usableFromInline var cells: InlineArray<80, Unicode.Scalar>
  /// Where the cursor is, if shown.
  public var cursor: CursorPosition?
  /// How the cursor is shown.
  public var cursorStyle: CursorStyle = .off
  /// Whether the backlight is on.
  public var backlight = true

  /// A blank canvas.
  public init(geometry: LCDGeometry) {
    self.geometry = geometry
    self.cells = InlineArray(repeating: " ")
  }

  /// Blanks every cell and hides the cursor.
  public mutating func clear() {
    for index in 0..<LCDGeometry.maximumCells { cells[index] = " " }
    cursor = nil
    cursorStyle = .off
  }

  /// The character at a cell.
  @inlinable public subscript(row: Int, column: Int) -> Unicode.Scalar {
    get { cells[row * geometry.columns + column] }
    set {
      guard (0..<geometry.rows).contains(row), (0..<geometry.columns).contains(column) else {
        return
      }
      cells[row * geometry.columns + column] = newValue
    }
  }

  /// Writes `text` from a cell rightwards, clipped at `width` cells (default:
  /// the rest of the row); returns how many cells were written.
  @discardableResult
  public mutating func write(_ text: String, row: Int, column: Int = 0, width: Int? = nil) -> Int {
    let limit = Swift.min(width ?? geometry.columns, geometry.columns - column)
    var written = 0
    for scalar in text.unicodeScalars {
      guard written < limit else { break }
      if Canvas.isCombiningMark(scalar) { continue }  // combining marks take no cell
      self[row, column + written] = scalar
      written += 1
    }
    return written
  }

  /// Writes `text` so that it ends at the row's last column.
  public mutating func writeRight(_ text: String, row: Int) {
    let length = Canvas.cellCount(of: text)
    write(text, row: row, column: Swift.max(0, geometry.columns - length))
  }

  /// Writes `left/right` (two counts, not negative, and a slash) so that
  /// it ends at the row's last column (what does not fit is cut on the
  /// left): a counter such as `160/1`, drawn at every key without building
  /// a string.
  public mutating func writeRight(count left: Int, slash right: Int, row: Int) {
    var column = geometry.columns - 1
    func put(_ scalar: Unicode.Scalar) {
      if column >= 0 { self[row, column] = scalar }
      column -= 1
    }
    func putDigits(_ value: Int) {
      var rest = Swift.max(0, value)
      repeat {
        put(Unicode.Scalar(UInt8(48 + rest % 10)))
        rest /= 10
      } while rest > 0
    }
    putDigits(right)
    put("/")
    putDigits(left)
  }

  /// Writes `text` centred on a row.
  public mutating func writeCentered(_ text: String, row: Int) {
    let length = Canvas.cellCount(of: text)
    write(text, row: row, column: Swift.max(0, (geometry.columns - length) / 2))
  }

  /// How many cells `text` takes: one per scalar, none for combining marks.
  private static func cellCount(of text: String) -> Int {
    var count = 0
    for scalar in text.unicodeScalars where !isCombiningMark(scalar) { count += 1 }
    return count
  }

  private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    (0x300...0x36F).contains(scalar.value)
  }

  /// Blanks one row.
  public mutating func clearRow(_ row: Int) {
    for column in 0..<geometry.columns { self[row, column] = " " }
  }

  /// One row as a string (for tests and logs).
  public func row(_ row: Int) -> String {
    var result = ""
    for column in 0..<geometry.columns { result.unicodeScalars.append(self[row, column]) }
    return result
  }
}
