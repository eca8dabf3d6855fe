import CharacterLCD
import Testing

@Suite("LCD geometry")
struct LCDGeometryTests {
  /// Each geometry's row start addresses, from the HD44780 note.
  static let rowStarts: [(name: String, starts: [UInt8])] = [
    ("16x2", [0x00, 0x40]),
    ("20x2", [0x00, 0x40]),
    ("40x2", [0x00, 0x40]),
    ("16x4", [0x00, 0x40, 0x10, 0x50]),
    ("20x4", [0x00, 0x40, 0x14, 0x54]),
  ]

  @Test("Rows start at the note's DDRAM addresses and run on by column", arguments: rowStarts)
  func addressMap(name: String, starts: [UInt8]) throws {
    let geometry = try #require(LCDGeometry(name: name))
    #expect(geometry.rows == starts.count)
    for (row, start) in starts.enumerated() {
      for column in 0..<geometry.columns {
        #expect(geometry.address(row: row, column: column) == start + UInt8(column))
      }
    }
  }

  @Test("40x2 fills both DDRAM lines: 0x00–0x27 and 0x40–0x67")
  func fortyByTwo() throws {
    let geometry = try #require(LCDGeometry(columns: 40, rows: 2))
    #expect(geometry.address(row: 0, column: 39) == 0x27)
    #expect(geometry.address(row: 1, column: 0) == 0x40)
    #expect(geometry.address(row: 1, column: 39) == 0x67)
  }

  @Test("16x1 keeps characters 8–15 at 0x40")
  func sixteenByOne() throws {
    let geometry = try #require(LCDGeometry(name: "16x1"))
    let addresses = (0..<16).map { geometry.address(row: 0, column: $0) }
    #expect(addresses == [0, 1, 2, 3, 4, 5, 6, 7, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47])
  }

  @Test(
    "Addresses are distinct, exist in two-line mode, and cell(at:) inverts them",
    arguments: LCDGeometry.supported)
  func addressesInvertible(geometry: LCDGeometry) {
    var seen = Set<UInt8>()
    for row in 0..<geometry.rows {
      for column in 0..<geometry.columns {
        let address = geometry.address(row: row, column: column)
        #expect(address <= 0x27 || (0x40...0x67).contains(address))
        #expect(seen.insert(address).inserted, "\(geometry) (\(row),\(column)) reuses \(address)")
        let cell = geometry.cell(at: address)
        #expect(cell?.row == row && cell?.column == column)
      }
    }
    for address in UInt8(0)...0x7F where !seen.contains(address) {
      #expect(geometry.cell(at: address) == nil)
    }
    #expect(geometry.usesTwoLineMode)
    #expect(geometry.cellCount == geometry.rows * geometry.columns)
    #expect(geometry.cellCount <= LCDGeometry.maximumCells)
  }

  @Test("Names parse and print back", arguments: ["16x1", "16x2", "16x4", "20x2", "20x4", "40x2"])
  func parsing(name: String) throws {
    let geometry = try #require(LCDGeometry(name: name))
    #expect(geometry.description == name)
    #expect(LCDGeometry.supported.contains(geometry))
  }

  @Test(
    "Unsupported or malformed names are rejected",
    arguments: ["17x2", "abc", "", "16x", "x2", "16x2x1", "40x4", "8x1", "16 x2", "-16x2", "16x-2"])
  func rejecting(name: String) {
    #expect(LCDGeometry(name: name) == nil)
  }

  @Test("Only supported sizes can be constructed")
  func constructing() throws {
    #expect(LCDGeometry(columns: 40, rows: 4) == nil)  // two controllers
    #expect(LCDGeometry(columns: 17, rows: 2) == nil)
    #expect(LCDGeometry(columns: 0, rows: 0) == nil)
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    #expect(geometry.columns == 20 && geometry.rows == 4)
    #expect(LCDGeometry.lcd16x2 == LCDGeometry(columns: 16, rows: 2))
    #expect(LCDGeometry.supported.count == 6)
  }
}
