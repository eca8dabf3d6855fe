import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import SimulatedPeers
import SystemLayer
import Testing

// MARK: - HD44780 over a simulated bus

/// A driver on a simulated backpack and module, as scenarios use.
private func moduleDriver() -> HD44780I2CDisplay<SimulatedI2CBus> {
  HD44780I2CDisplay(
    settings: I2CDisplaySettings(path: "/dev/i2c-1", address: 0x27, wiring: .backpack),
    system: SimulatedI2CBus(path: "/dev/i2c-1", address: 0x27, wiring: .backpack),
    log: .disabled)
}

/// Sends `writes` to the module behind the driver's back (a glitch).
private func disturb(
  _ driver: inout HD44780I2CDisplay<SimulatedI2CBus>, _ writes: [HD44780Write]
) {
  var encoder = PCF8574Encoder(wiring: .backpack)
  var bytes: [UInt8] = []
  for write in writes { encoder.encode(write, into: &bytes) }
  // The simulated bus's only descriptor, opened by the driver.
  for byte in bytes { _ = driver.system.sendByte(3, byte) }
}

/// Puts `code` in the cell at `row`, `column` of `geometry` behind the driver's back.
private func disturbCell(
  _ driver: inout HD44780I2CDisplay<SimulatedI2CBus>, _ geometry: LCDGeometry, row: Int,
  column: Int, with code: UInt8
) {
  disturb(
    &driver,
    [
      .command(HD44780Instruction.setDDRAMAddress(geometry.address(row: row, column: column))),
      .data(code),
    ])
}

/// A frame with text in every row of `geometry`.
private func fullFrame(_ geometry: LCDGeometry) -> LCDFrame {
  let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn")
  let rows = (0..<geometry.rows).map { row in
    String((0..<geometry.columns).map { letters[($0 + row * 3) % letters.count] })
  }
  return lcdFrame(rows, geometry: geometry)
}

@Test(
  "the glass matches the frame just shown, in every part, on every geometry",
  arguments: LCDGeometry.supported)
func glassCheck_matchesAfterAFrame(geometry: LCDGeometry) {
  var driver = moduleDriver()
  driver.show(fullFrame(geometry), at: .zero)
  let expectedParts =
    (geometry.rows + max(1, 40 / geometry.columns) - 1) / max(1, 40 / geometry.columns)
  #expect(driver.glassParts == expectedParts)
  for part in 0..<driver.glassParts {
    #expect(driver.checkGlass(part: part) == .matches, "part \(part)")
  }
  #expect(driver.system.backpack.glass(geometry: geometry, rom: .a00) == fullFrame(geometry))
}

@Test("the glass parts: at most 40 cells a look, two looks for 20x4, 16x4 and 40x2")
func glassCheck_parts() {
  var driver = moduleDriver()
  #expect(driver.glassParts == 1, "nothing shown yet")
  #expect(driver.checkGlass(part: 0) == .unchecked)
  for (name, parts) in [
    ("16x1", 1), ("16x2", 1), ("20x2", 1), ("16x4", 2), ("20x4", 2), ("40x2", 2),
  ] {
    guard let geometry = LCDGeometry(name: name) else {
      Issue.record("no geometry \(name)")
      continue
    }
    driver.show(fullFrame(geometry), at: .zero)
    #expect(driver.glassParts == parts, "\(name)")
  }
}

@Test("a disturbed cell is found with its row, column, the code shown and the code expected")
func glassCheck_disturbedCell() {
  var driver = moduleDriver()
  driver.show(lcdFrame(["Hello", "world"]), at: .zero)
  disturbCell(&driver, .lcd16x2, row: 1, column: 3, with: 0x58)
  let found = driver.checkGlass(part: 0)
  #expect(found == .cellDiffers(row: 1, column: 3, shown: 0x58, expected: 0x6C))
  #expect(found.isWrong)
  #expect(found.description == "glass differs at row 2 col 4 (0x58, not 0x6C)")
}

@Test("garbage from a scrambled module is found at the first cell that differs")
func glassCheck_scrambledModule() throws {
  var driver = moduleDriver()
  let frame = lcdFrame(["t9phone    09:41", "Menu       Names"])
  driver.show(frame, at: .zero)
  driver.system.scramble(seed: 0xBAD)
  let found = driver.checkGlass(part: 0)
  guard case .cellDiffers(let row, let column, let shown, let expected) = found else {
    Issue.record("found \(found)")
    return
  }
  let controller = driver.system.backpack.controller
  #expect(shown == controller.ddram(at: LCDGeometry.lcd16x2.address(row: row, column: column)))
  #expect(expected == frame[row, column])
  #expect(shown != expected)
  // Every cell before it still matched.
  for earlier in 0..<(row * 16 + column) {
    let (r, c) = (earlier / 16, earlier % 16)
    #expect(controller.ddram(at: LCDGeometry.lcd16x2.address(row: r, column: c)) == frame[r, c])
  }
}

@Test("a 16x1 module's halves at 0x00 and 0x40 match, and a cell of the right half is found")
func glassCheck_16x1Halves() throws {
  let geometry = try #require(LCDGeometry(columns: 16, rows: 1))
  var driver = moduleDriver()
  driver.show(lcdFrame(["ABCDEFGHIJKLMNOP"], geometry: geometry), at: .zero)
  #expect(driver.glassParts == 1)
  #expect(driver.checkGlass(part: 0) == .matches)
  // Column 10 lives at 0x42.
  disturb(&driver, [.command(HD44780Instruction.setDDRAMAddress(0x42)), .data(0x2A)])
  #expect(
    driver.checkGlass(part: 0) == .cellDiffers(row: 0, column: 10, shown: 0x2A, expected: 0x4B))
  driver.redraw(at: .zero)
  #expect(driver.checkGlass(part: 0) == .matches)
  // Column 7 lives at 0x07, the last of the left half.
  disturb(&driver, [.command(HD44780Instruction.setDDRAMAddress(0x07)), .data(0x2A)])
  #expect(
    driver.checkGlass(part: 0) == .cellDiffers(row: 0, column: 7, shown: 0x2A, expected: 0x48))
}

@Test("a 20x4 module's lower half is its second part")
func glassCheck_20x4LowerHalf() throws {
  let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
  var driver = moduleDriver()
  let frame = fullFrame(geometry)
  driver.show(frame, at: .zero)
  disturbCell(&driver, geometry, row: 3, column: 19, with: 0x2B)
  #expect(driver.checkGlass(part: 0) == .matches)
  #expect(
    driver.checkGlass(part: 1)
      == .cellDiffers(row: 3, column: 19, shown: 0x2B, expected: frame[3, 19]))
}

@Test("on 16x2 a shown custom glyph is read with the rows; a disturbed CGRAM row is found")
func glassCheck_customGlyph() {
  var driver = moduleDriver()
  var frame = lcdFrame(["Price", "ok"])
  frame.setGlyph(GlyphLibrary.euro, slot: 2)
  frame[0, 6] = 2
  driver.show(frame, at: .zero)
  #expect(driver.glassParts == 1, "32 cells leave room for a glyph's 8 rows")
  #expect(driver.checkGlass(part: 0) == .matches)
  let row3 = frame.glyphRow(slot: 2, row: 3)
  disturb(
    &driver, [.command(HD44780Instruction.setCGRAMAddress(2 * 8 + 3)), .data(row3 ^ 0x1F)])
  let found = driver.checkGlass(part: 0)
  #expect(found == .glyphDiffers(slot: 2, row: 3))
  #expect(found.isWrong)
  #expect(found.description == "glyph 2 differs in pixel row 4")
  driver.redraw(at: .zero)
  #expect(driver.checkGlass(part: 0) == .matches, "the redraw uploads the glyph again")
}

@Test("shown glyphs take turns, one a look; on 20 columns they take a look of their own")
func glassCheck_glyphsInTurnAndApart() {
  var driver = moduleDriver()
  var frame = lcdFrame(["Price", "ok"])
  frame.setGlyph(GlyphLibrary.euro, slot: 2)
  frame.setGlyph(GlyphLibrary.euro, slot: 5)
  frame[0, 6] = 2
  frame[1, 4] = 5
  driver.show(frame, at: .zero)
  disturb(&driver, [.command(HD44780Instruction.setCGRAMAddress(5 * 8)), .data(0x1F)])
  let first = driver.checkGlass(part: 0)
  let second = driver.checkGlass(part: 0)
  #expect(
    [first, second].contains(.glyphDiffers(slot: 5, row: 0)),
    "slot 5 is read within two looks: \(first), \(second)")
  #expect([first, second].contains(.matches), "slot 2 is fine")

  let wide = LCDGeometry(columns: 20, rows: 2)!
  var wideDriver = moduleDriver()
  var wideFrame = LCDFrame(geometry: wide, rom: .a00)
  wideFrame.setGlyph(GlyphLibrary.euro, slot: 1)
  wideFrame[0, 0] = 1
  wideDriver.show(wideFrame, at: .zero)
  #expect(wideDriver.glassParts == 2, "40 cells fill a look; the glyph has its own")
  disturb(&wideDriver, [.command(HD44780Instruction.setCGRAMAddress(1 * 8 + 7)), .data(0x15)])
  #expect(wideDriver.checkGlass(part: 0) == .matches)
  #expect(wideDriver.checkGlass(part: 1) == .glyphDiffers(slot: 1, row: 7))
}

@Test("nothing is checked while the bus fails and the newest frame waits")
func glassCheck_uncheckedWhileFailing() {
  var driver = moduleDriver()
  driver.show(lcdFrame(["Hello", "world"]), at: .zero)
  driver.system.fault = .ioError
  driver.show(lcdFrame(["Hello", "there"]), at: ms(10))
  #expect(driver.isFailing)
  #expect(driver.checkGlass(part: 0) == .unchecked)
  driver.service(at: ms(15))
  #expect(driver.checkGlass(part: 0) == .unchecked, "before the retry")
  driver.system.fault = nil
  driver.service(at: ms(100))
  #expect(!driver.isFailing)
  #expect(driver.checkGlass(part: 0) == .matches)
  #expect(
    driver.system.backpack.glass(geometry: .lcd16x2, rom: .a00) == lcdFrame(["Hello", "there"]))
}

@Test("a read that fails says so, and the driver redraws at its next service")
func glassCheck_unreadable() {
  var driver = moduleDriver()
  let frame = lcdFrame(["Hello", "world"])
  driver.show(frame, at: .zero)
  driver.system.fault = .ioError
  let found = driver.checkGlass(part: 0)
  #expect(found == .unreadable(.ioError))
  #expect(!found.isWrong, "the driver repairs it itself")
  driver.system.fault = nil
  driver.service(at: ms(5))
  #expect(driver.checkGlass(part: 0) == .matches)
}

@Test("redraw puts back a glass that was scrambled or lost power")
func glassCheck_redraw() {
  var driver = moduleDriver()
  var frame = lcdFrame(["Hello", "world"])
  frame.cursor = CursorPosition(row: 1, column: 2)
  frame.cursorStyle = .underline
  driver.show(frame, at: .zero)
  driver.system.scramble(seed: 5)
  #expect(driver.checkGlass(part: 0).isWrong)
  let before = driver.statistics.initialisations
  driver.redraw(at: ms(1000))
  #expect(driver.statistics.initialisations == before + 1, "re-initialised")
  #expect(driver.checkGlass(part: 0) == .matches)
  #expect(driver.system.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)

  driver.system.powerCycle()
  #expect(driver.system.backpack.glass(geometry: .lcd16x2, rom: .a00) != frame)
  driver.redraw(at: ms(2000))
  #expect(driver.checkGlass(part: 0) == .matches)
  #expect(driver.system.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
}

@Test("redraw while the bus fails waits for it, then draws")
func glassCheck_redrawWhileFailing() {
  var driver = moduleDriver()
  let frame = lcdFrame(["Hello", "world"])
  driver.show(frame, at: .zero)
  driver.system.powerCycle()
  driver.system.fault = .ioError
  driver.redraw(at: ms(1000))
  #expect(driver.isFailing)
  #expect(driver.checkGlass(part: 0) == .unchecked)
  driver.system.fault = nil
  driver.service(at: ms(1100))
  #expect(driver.checkGlass(part: 0) == .matches)
  #expect(driver.system.backpack.glass(geometry: .lcd16x2, rom: .a00) == frame)
}

// MARK: - LCDd

@Suite("LCDprocDisplay glass check")
struct LCDprocGlassCheckTests {
  @Test("the glass matches once LCDd acknowledged every row, not before")
  func matchesOnceAcknowledged() {
    var display = simulatedDisplay()
    #expect(display.checkGlass() == .unchecked, "not connected")
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    #expect(display.checkGlass() == .matches)
    display.show(lcdFrame(["Hello", "there"]), at: at(10))
    #expect(display.checkGlass() == .unchecked, "the row is on its way, its answer not read")
    display.service(at: at(11))
    #expect(display.checkGlass() == .matches)
  }

  @Test("a refused command is said once, at the next look")
  func refusedOnce() {
    var display = simulatedDisplay()
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    display.system.sendLine("huh? Invalid command \"widget_sot\"")
    display.service(at: at(5))
    let found = display.checkGlass()
    #expect(found == .refused)
    #expect(found.isWrong)
    #expect(found.description == "LCDd refused a command")
    #expect(display.checkGlass() == .matches, "said once")
  }

  @Test("nothing is checked while LCDd is away")
  func uncheckedWhileDisconnected() {
    var display = simulatedDisplay()
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    display.system.dropConnection()
    display.system.refusesConnections = true
    display.settle(at: at(10))
    #expect(!display.isConnected)
    #expect(display.checkGlass() == .unchecked)
    display.settle(at: at(700))
    #expect(display.checkGlass() == .unchecked)
  }

  @Test("redraw sends every row again and the glass matches after")
  func redrawResends() {
    var display = simulatedDisplay()
    let frame = lcdFrame(["Hello", "world"])
    display.show(frame, at: at(0))
    display.settle(at: at(0))
    let before = display.system.widgetUpdates
    display.redraw(at: at(100))
    display.settle(at: at(100))
    #expect(display.system.widgetUpdates == before + 2, "both rows sent again")
    #expect(display.checkGlass() == .matches)
    #expect(display.system.rows == LCDprocText.rows(of: frame))
  }
}

/// Firmware time `milliseconds` after instant zero.
private func ms(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }
