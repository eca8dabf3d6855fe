import CharacterLCD
import LCDTestSupport
import Testing

/// The emulator is the reference the encoder is checked against, so it is
/// itself checked against hand-written byte streams from the datasheet.
@Suite("HD44780 emulator (test helper)")
struct HD44780EmulatorTests {
  private static let initialise: [HD44780Write] = [
    .command(0x38), .command(0x08), .command(0x01), .command(0x06), .command(0x0C),
  ]

  @Test("Clear fills DDRAM with spaces and homes the address counter")
  func clearDisplay() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    #expect(emulator.ddram.contains { $0 != 0x20 })  // power-up garbage
    emulator.execute(Self.initialise)
    #expect(emulator.ddram.allSatisfy { $0 == 0x20 })
    #expect(emulator.addressCounter == 0)
    #expect(emulator.displayOn && emulator.twoLineMode && emulator.increment)
    emulator.execute([.data(0x41)])
    #expect(emulator.code(row: 0, column: 0) == 0x41)
  }

  @Test("In two-line mode the address counter jumps 0x27 → 0x40 and 0x67 → 0x00")
  func twoLineWrap() throws {
    let geometry = try #require(LCDGeometry(columns: 40, rows: 2))
    var emulator = HD44780Emulator(geometry: geometry)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x27), .data(0x41), .data(0x42)])
    #expect(emulator.code(row: 0, column: 39) == 0x41)
    #expect(emulator.code(row: 1, column: 0) == 0x42)
    #expect(emulator.addressCounter == 0x41)
    emulator.execute([.command(0x80 | 0x67), .data(0x43), .data(0x44)])
    #expect(emulator.code(row: 1, column: 39) == 0x43)
    #expect(emulator.code(row: 0, column: 0) == 0x44)
    #expect(emulator.violations.isEmpty)
  }

  @Test("Decrement mode runs the address counter backwards across the gap")
  func decrementWrap() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x04), .command(0xC0), .data(0x41)])
    #expect(emulator.addressCounter == 0x27)
    emulator.execute([.command(0x80), .data(0x42)])
    #expect(emulator.addressCounter == 0x67)
    // Clear restores increment mode.
    emulator.execute([.command(0x01), .data(0x43), .data(0x44)])
    #expect(emulator.code(row: 0, column: 1) == 0x44)
  }

  @Test("In one-line mode DDRAM is one 80-byte line and the second line is dark")
  func oneLineMode() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute([.command(0x30), .command(0x01), .command(0x06), .command(0x0C)])
    #expect(!emulator.twoLineMode)
    emulator.execute([.command(0x80 | 0x4F), .data(0x41)])
    #expect(emulator.addressCounter == 0x00)
    emulator.execute([.command(0x80 | 0x28), .data(0x42)])
    #expect(emulator.violations.isEmpty)
    emulator.execute([.command(0xC0), .data(0x43)])
    #expect(emulator.ddram[0x40] == 0x43)
    #expect(emulator.code(row: 1, column: 0) == 0x20)
    #expect(emulator.violations.isEmpty)
    #expect(!emulator.differences(from: LCDFrame(geometry: .lcd16x2, rom: .a00)).isEmpty)
  }

  @Test("Addresses between the two lines are flagged in two-line mode")
  func invalidAddressFlagged() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x30)])
    #expect(emulator.violations.count == 1)
  }

  @Test("CGRAM writes fill glyph rows, wrap within 64 bytes, and codes 8–15 alias 0–7")
  func cgram() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x40 | 0x3F), .data(0x1F), .data(0x11)])
    #expect(emulator.glyphRow(code: 7, row: 7) == 0x1F)
    #expect(emulator.glyphRow(code: 0x0F, row: 7) == 0x1F)
    #expect(emulator.glyphRow(code: 0, row: 0) == 0x11)
    #expect(emulator.addressCounter == 1 && emulator.addressingCGRAM)
    // Data after set DDRAM goes to the display again.
    let untouched = emulator.cgram[1]
    emulator.execute([.command(0x80), .data(0x08)])
    #expect(emulator.code(row: 0, column: 0) == 0x08)
    #expect(emulator.cgram[1] == untouched)
  }

  @Test("Display shift moves the glass over DDRAM, modulo 40 per line")
  func displayShift() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x01), .data(0x41), .command(0x80 | 0x40), .data(0x42)])
    emulator.execute([.command(0x18)])  // display shift left
    #expect(emulator.code(row: 0, column: 0) == 0x41)
    emulator.execute([.command(0x1C), .command(0x1C)])  // right twice
    #expect(emulator.code(row: 1, column: 1) == 0x42)
    #expect(emulator.shownAddress(row: 1, column: 0) == 0x67)
    // Return home undoes the shift.
    emulator.execute([.command(0x02)])
    #expect(emulator.code(row: 0, column: 1) == 0x41)
  }

  @Test("Entry mode with shift moves the display on every data write")
  func shiftOnWrite() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x07), .command(0x80 | 0x10), .data(0x41)])
    #expect(emulator.displayShift == 1)
    #expect(emulator.code(row: 0, column: 15) == 0x41)
  }

  @Test("Cursor shift moves the address counter with the line wrap")
  func cursorShift() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x27), .command(0x14)])
    #expect(emulator.addressCounter == 0x40)
    emulator.execute([.command(0x10)])
    #expect(emulator.addressCounter == 0x27)
  }

  @Test("The cursor shows where the address counter is, in the C/B style")
  func cursorPicture() throws {
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    var emulator = HD44780Emulator(geometry: geometry)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x56)])
    #expect(emulator.cursor == .hidden)
    emulator.execute([.command(0x0E)])
    #expect(
      emulator.cursor == .cell(CursorPosition(row: 3, column: 2), underline: true, blink: false))
    emulator.execute([.command(0x0D), .command(0x80 | 0x14)])
    #expect(
      emulator.cursor == .cell(CursorPosition(row: 2, column: 0), underline: false, blink: true))
    emulator.execute([.command(0x80 | 0x27)])
    #expect(
      emulator.cursor == .cell(CursorPosition(row: 2, column: 19), underline: false, blink: true))
    emulator.execute([.command(0x40)])
    #expect(emulator.cursor == .inCGRAM)
    emulator.execute([.command(0x09)])
    #expect(emulator.cursor == .hidden)
  }

  @Test("The 16x1 glass shows its right half from 0x40")
  func sixteenByOne() throws {
    let geometry = try #require(LCDGeometry(columns: 16, rows: 1))
    var emulator = HD44780Emulator(geometry: geometry)
    emulator.execute(Self.initialise)
    emulator.execute([.command(0x80 | 0x08), .data(0x41), .command(0x80 | 0x40), .data(0x42)])
    #expect(emulator.code(row: 0, column: 8) == 0x42)
    #expect((0..<16).filter { emulator.code(row: 0, column: $0) == 0x41 }.isEmpty)
    emulator.execute([.command(0x0E), .command(0x80 | 0x47)])
    #expect(
      emulator.cursor == .cell(CursorPosition(row: 0, column: 15), underline: true, blink: false))
    emulator.execute([.command(0x80 | 0x10)])
    #expect(emulator.cursor == .offGlass(address: 0x10))
  }

  @Test("Comparing with a frame finds every kind of difference")
  func differences() {
    var emulator = HD44780Emulator(geometry: .lcd16x2)
    emulator.execute(Self.initialise)
    emulator.execute([.backlight(true)])
    var frame = LCDFrame(geometry: .lcd16x2, rom: .a00)
    #expect(emulator.differences(from: frame).isEmpty)

    frame[1, 2] = 0x01
    frame.setGlyph(GlyphLibrary.euro, slot: 1)
    emulator.execute([.command(0xC2), .data(0x09)])
    var problems = emulator.differences(from: frame)
    #expect(problems.contains { $0.hasPrefix("cell (1,2)") })  // code 9, not 1
    #expect(problems.contains { $0.hasPrefix("CGRAM slot 1") })  // garbage rows
    emulator.execute([.command(0xC2), .data(0x01)])
    problems = emulator.differences(from: frame)
    #expect(!problems.isEmpty && problems.allSatisfy { $0.hasPrefix("CGRAM slot 1") })
    emulator.execute([.command(0x48)])
    emulator.execute((0..<8).map { .data(GlyphLibrary.euro.rows[$0]) })
    #expect(emulator.differences(from: frame).isEmpty)

    frame.cursor = CursorPosition(row: 0, column: 0)
    frame.cursorStyle = .off
    #expect(emulator.differences(from: frame).isEmpty)  // an invisible cursor
    frame.cursorStyle = .blink
    #expect(emulator.differences(from: frame).count == 1)
    frame.cursorStyle = .off
    frame.backlight = false
    #expect(emulator.differences(from: frame).count == 1)
  }
}
