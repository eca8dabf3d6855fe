import CharacterLCD
import Testing

@Suite("Canvas")
struct CanvasTests {
  @Test(
    "A new canvas is blank with no cursor and the backlight on", arguments: LCDGeometry.supported)
  func blank(geometry: LCDGeometry) {
    let canvas = Canvas(geometry: geometry)
    for row in 0..<geometry.rows {
      #expect(canvas.row(row) == String(repeating: " ", count: geometry.columns))
    }
    #expect(canvas.cursor == nil)
    #expect(canvas.backlight)
  }

  @Test("write clips at the given width and returns the cells written")
  func writeClipsAtWidth() {
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.write("################", row: 0)
    let written = canvas.write("HELLOWORLD", row: 0, column: 2, width: 3)
    #expect(written == 3)
    #expect(canvas.row(0) == "##HEL###########")
    #expect(canvas.row(1) == String(repeating: " ", count: 16))
  }

  @Test("write clips at the row's end and never spills into the next row")
  func writeClipsAtRowEnd() {
    var canvas = Canvas(geometry: .lcd16x2)
    let written = canvas.write("0123456789ABCDEFGHIJ", row: 0, column: 10)
    #expect(written == 6)
    #expect(canvas.row(0) == "          012345")
    #expect(canvas.row(1) == String(repeating: " ", count: 16))
    // A width larger than the room left is clipped too.
    #expect(canvas.write("abcdefgh", row: 1, column: 12, width: 8) == 4)
    #expect(canvas.row(1) == "            abcd")
  }

  @Test("Combining marks take no cell")
  func combiningMarks() {
    var canvas = Canvas(geometry: .lcd16x2)
    let written = canvas.write("e\u{301}te\u{301}!", row: 1, column: 1)
    #expect(written == 4)
    #expect(canvas.row(1) == " ete!           ")
    // Nor do they count against the width.
    #expect(canvas.write("a\u{308}b\u{308}c", row: 0, width: 2) == 2)
    #expect(canvas.row(0) == "ab              ")
  }

  @Test("writeRight ends the text at the row's last column")
  func writeRight() throws {
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    var canvas = Canvas(geometry: geometry)
    canvas.write("Inbox", row: 3)
    canvas.writeRight("12/34", row: 3)
    #expect(canvas.row(3) == "Inbox          12/34")
    canvas.writeRight("cafe\u{301}", row: 1)  // decomposed é: five scalars, four cells
    #expect(canvas.row(1) == String(repeating: " ", count: 16) + "cafe")
    canvas.writeRight("a text far too long for the row", row: 0)
    #expect(canvas.row(0) == "a text far too long ")
  }

  @Test("writeCentered centres by cells")
  func writeCentered() {
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.writeCentered("Bob", row: 0)
    #expect(canvas.row(0) == "      Bob       ")
    canvas.writeCentered("Zo\u{308}e\u{301}", row: 1)  // four cells
    #expect(canvas.row(1) == "      Zoe       ")
  }

  @Test("Setting a cell outside the canvas changes nothing")
  func outOfRange() {
    var canvas = Canvas(geometry: .lcd16x2)
    canvas[0, 16] = "X"
    canvas[2, 0] = "Y"
    canvas[-1, 3] = "Z"
    canvas[0, -1] = "W"
    #expect(canvas.row(0) == String(repeating: " ", count: 16))
    #expect(canvas.row(1) == String(repeating: " ", count: 16))
    canvas[1, 15] = "ü"
    #expect(canvas[1, 15] == "ü")
  }

  @Test("clear blanks every cell and hides the cursor; clearRow blanks one row")
  func clearing() {
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.write("first", row: 0)
    canvas.write("second", row: 1)
    canvas.clearRow(0)
    #expect(canvas.row(0) == String(repeating: " ", count: 16))
    #expect(canvas.row(1) == "second          ")
    canvas.cursor = CursorPosition(row: 1, column: 2)
    canvas.cursorStyle = .blink
    canvas.clear()
    #expect(canvas.row(1) == String(repeating: " ", count: 16))
    #expect(canvas.cursor == nil)
    #expect(canvas.cursorStyle == .off)
  }

  @Test("Rows of a four-row canvas are independent", arguments: [(16, 4), (20, 4), (40, 2)])
  func rowsIndependent(columns: Int, rows: Int) throws {
    let geometry = try #require(LCDGeometry(columns: columns, rows: rows))
    var canvas = Canvas(geometry: geometry)
    for row in 0..<rows {
      canvas.write(String(repeating: String(row), count: columns + 3), row: row)
    }
    for row in 0..<rows {
      #expect(canvas.row(row) == String(repeating: String(row), count: columns))
    }
  }
}

@Test("a counter written right-aligned is the same as its text written right-aligned")
func canvas_writeRightCounterMatchesText() {
  var counter = Canvas(geometry: .lcd16x2)
  var text = Canvas(geometry: .lcd16x2)
  for (left, right) in [(160, 1), (0, 3), (9, 10), (145, 2), (1_234_567, 89_012_345)] {
    counter.clear()
    text.clear()
    counter.writeRight(count: left, slash: right, row: 1)
    text.writeRight("\(left)/\(right)", row: 1)
    #expect(counter.row(1) == text.row(1), "\(left)/\(right)")
  }
  #expect(counter.row(0) == String(repeating: " ", count: 16))
}
