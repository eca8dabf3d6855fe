import CharacterLCD
import LCDTestSupport
import TestSupport
import Testing

/// The DDRAM address of a cell, straight from the HD44780 note (independent of
/// `LCDGeometry.address`).
private func noteAddress(_ geometry: LCDGeometry, row: Int, column: Int) -> UInt8 {
  if geometry.rows == 1 && geometry.columns == 16 {
    return UInt8(column < 8 ? column : 0x40 + column - 8)
  }
  return UInt8(column + (row % 2) * 0x40 + (row >= 2 ? geometry.columns : 0))
}

/// Characters the random canvases draw from: ASCII (with `\` and `~`),
/// accented letters, symbols some ROMs lack, glyph-library characters,
/// characters no ROM has, and control characters.
private let characterPool: [Unicode.Scalar] = {
  var pool: [Unicode.Scalar] = []
  for value in UInt8(0x20)...0x7E { pool.append(Unicode.Scalar(value)) }
  let extra = "éüßñöäÄÉ¥\\~€↑↓↲↵✉ЖБЯ李中°µ“”…—→←αΩπ÷ｱﾝ¢£"
  for _ in 0..<3 { pool.append(contentsOf: extra.unicodeScalars) }
  pool.append(contentsOf: ["\n", "\t", "\u{7F}"])
  return pool
}()

private let wordPool = [
  "Hello", "café", "Grüße", "¥100", "C:\\dir", "a~b", "5€", "↑↓", "✉ 3", "Жук", "李白", "naïve",
  "résumé", "Straße", "mañana", "e\u{301}te\u{301}",
]

/// Drives a canvas through random edits, some tiny, some wholesale.
private struct CanvasScript {
  var rng: SplitMix64
  var canvas: Canvas

  init(geometry: LCDGeometry, seed: UInt64) {
    rng = SplitMix64(seed: seed)
    canvas = Canvas(geometry: geometry)
  }

  private mutating func randomScalar() -> Unicode.Scalar {
    characterPool[Int.random(in: 0..<characterPool.count, using: &rng)]
  }

  private mutating func randomCell() -> (row: Int, column: Int) {
    (
      Int.random(in: 0..<canvas.geometry.rows, using: &rng),
      Int.random(in: 0..<canvas.geometry.columns, using: &rng)
    )
  }

  private mutating func randomizeCursor() {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      canvas.cursor = nil
    default:
      let cell = randomCell()
      canvas.cursor = CursorPosition(row: cell.row, column: cell.column)
      canvas.cursorStyle = CursorStyle.allCases.randomElement(using: &rng) ?? .off
    }
  }

  /// Applies one or more random edits.
  mutating func step() {
    let geometry = canvas.geometry
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<8:
      // A completely new screen.
      for row in 0..<geometry.rows {
        for column in 0..<geometry.columns { canvas[row, column] = randomScalar() }
      }
      randomizeCursor()
      canvas.backlight = Bool.random(using: &rng)
    case 8..<45:
      // A few characters change.
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let cell = randomCell()
        canvas[cell.row, cell.column] = randomScalar()
      }
    case 45..<60:
      let cell = randomCell()
      let word = wordPool.randomElement(using: &rng) ?? ""
      canvas.write(word, row: cell.row, column: cell.column)
    case 60..<66:
      canvas.clearRow(Int.random(in: 0..<geometry.rows, using: &rng))
    case 66..<69:
      canvas.clear()
    case 69..<80:
      randomizeCursor()
    case 80..<84:
      canvas.backlight.toggle()
    case 84..<92:
      // Typing: a character at the cursor, which moves on.
      let cell = canvas.cursor.map { ($0.row, $0.column) } ?? randomCell()
      canvas[cell.0, cell.1] = randomScalar()
      let next = (cell.1 + 1) % geometry.columns
      canvas.cursor = CursorPosition(row: cell.0, column: next)
      if canvas.cursorStyle == .off { canvas.cursorStyle = .underline }
    default:
      break  // the same screen again
    }
  }
}

/// Which data bytes of a stream go to DDRAM and which to CGRAM, tracked from
/// the set-address commands.
private func countData(in writes: [HD44780Write]) -> (ddram: Int, cgram: Int) {
  var toCGRAM = false
  var ddram = 0
  var cgram = 0
  for write in writes {
    switch write {
    case .command(let byte) where byte & 0x80 != 0: toCGRAM = false
    case .command(let byte) where byte & 0xC0 == 0x40: toCGRAM = true
    case .command(let byte) where byte <= 0x03: toCGRAM = false
    case .data: if toCGRAM { cgram += 1 } else { ddram += 1 }
    default: break
    }
  }
  return (ddram, cgram)
}

private func changedCells(_ old: LCDFrame, _ new: LCDFrame) -> Int {
  var count = 0
  for row in 0..<new.geometry.rows {
    for column in 0..<new.geometry.columns where old[row, column] != new[row, column] {
      count += 1
    }
  }
  return count
}

private func changedSlots(_ old: LCDFrame, _ new: LCDFrame) -> Int {
  (0..<8).filter { slot in
    (0..<8).contains { old.glyphRow(slot: slot, row: $0) != new.glyphRow(slot: slot, row: $0) }
  }.count
}

private let initialisation4Bit: [HD44780Write] = [
  .command(0x28), .command(0x08), .command(0x01), .command(0x06),
]
private let initialisation8Bit: [HD44780Write] = [
  .command(0x38), .command(0x08), .command(0x01), .command(0x06),
]

/// A frame with `text` written from the top-left cell as ASCII codes.
private func asciiFrame(_ geometry: LCDGeometry, _ lines: [String]) -> LCDFrame {
  var frame = LCDFrame(geometry: geometry, rom: .a00)
  for (row, line) in lines.enumerated() where row < geometry.rows {
    for (column, byte) in line.utf8.enumerated() where column < geometry.columns {
      frame[row, column] = byte
    }
  }
  return frame
}

@Suite("HD44780 stream encoder")
struct HD44780StreamEncoderTests {
  @Test(
    "Random frame sequences reproduce exactly on an emulated controller",
    arguments: LCDGeometry.supported, CharacterROM.all)
  func randomSequencesReproduceOnEmulator(geometry: LCDGeometry, rom: CharacterROM) throws {
    let seed = UInt64(geometry.columns * 100 + geometry.rows) &* (rom == .a00 ? 7 : 13)
    var script = CanvasScript(geometry: geometry, seed: seed)
    var scrambler = SplitMix64(seed: seed ^ 0xDEAD_BEEF)
    var composer = LCDComposer(rom: rom)
    var encoder = HD44780StreamEncoder(eightBitInterface: seed % 2 == 0)
    var emulator = HD44780Emulator(geometry: geometry, garbageSeed: seed)
    var previous: LCDFrame?
    var writes: [HD44780Write] = []
    var customGlyphCells = 0
    var cursorFrames = 0
    var resets = 0
    for index in 0..<400 {
      script.step()
      let frame = composer.frame(for: script.canvas)
      // Now and then the module is power-cycled or glitches, and the driver
      // resets the encoder.
      let roll = Int.random(in: 0..<100, using: &scrambler)
      if roll < 2 { resets += 1 }
      if roll == 0 {
        emulator = HD44780Emulator(geometry: geometry, garbageSeed: seed &+ UInt64(index))
        encoder.reset()
        previous = nil
      } else if roll == 1 {
        emulator.scramble(using: &scrambler)
        encoder.reset()
        previous = nil
      }
      writes.removeAll(keepingCapacity: true)
      encoder.encode(frame, into: &writes)
      emulator.execute(writes)
      let problems = emulator.differences(from: frame)
      try #require(
        problems.isEmpty,
        "\(geometry) \(rom) frame \(index): \(problems.prefix(5).joined(separator: "; "))\n\(emulator.dump)"
      )
      let counts = countData(in: writes)
      if let previous {
        // Only changed cells and changed glyphs are sent.
        #expect(counts.ddram == changedCells(previous, frame), "frame \(index)")
        #expect(counts.cgram == 8 * changedSlots(previous, frame), "frame \(index)")
        if previous == frame { #expect(writes.isEmpty, "frame \(index): \(writes)") }
      } else {
        let initialisation = encoder.eightBitInterface ? initialisation8Bit : initialisation4Bit
        #expect(Array(writes.prefix(4)) == initialisation, "frame \(index)")
      }
      for row in 0..<geometry.rows {
        for column in 0..<geometry.columns where frame[row, column] < 0x10 {
          customGlyphCells += 1
        }
      }
      if frame.cursor != nil && frame.cursorStyle != .off { cursorFrames += 1 }
      previous = frame
    }
    // The run exercised CGRAM glyphs, the cursor and re-initialisation.
    #expect(customGlyphCells > 0)
    #expect(cursorFrames > 50)
    #expect(resets > 0)
  }

  @Test(
    "Changing one character sends one address and one data byte", arguments: LCDGeometry.supported)
  func oneChangedCell(geometry: LCDGeometry) {
    var encoder = HD44780StreamEncoder()
    var frame = asciiFrame(geometry, ["ABCDEFGHIJKLMNOP", "0123456789"])
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)

    // Unchanged: nothing at all.
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes.isEmpty)

    let row = geometry.rows - 1
    let column = geometry.columns - 1
    frame[row, column] = 0x2A
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(
      writes == [.command(0x80 | noteAddress(geometry, row: row, column: column)), .data(0x2A)])

    frame[0, 2] = 0x7A
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0x82), .data(0x7A)])
  }

  @Test("With the cursor on, a changed cell is followed by putting the cursor back")
  func oneChangedCellWithCursor() {
    let geometry = LCDGeometry.lcd16x2
    var encoder = HD44780StreamEncoder()
    var frame = asciiFrame(geometry, ["Name:", "Bob"])
    frame.cursor = CursorPosition(row: 1, column: 3)
    frame.cursorStyle = .underline
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)

    frame[1, 3] = UInt8(ascii: "s")
    frame.cursor = CursorPosition(row: 1, column: 4)
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0xC3), .data(UInt8(ascii: "s")), .command(0xC4)])

    // A change elsewhere still puts the address counter back under the cursor.
    frame[0, 0] = UInt8(ascii: "n")
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0x80), .data(UInt8(ascii: "n")), .command(0xC4)])
  }

  @Test("Adjacent changes form one run; separate changes need separate addresses")
  func runs() throws {
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    var encoder = HD44780StreamEncoder()
    var frame = asciiFrame(geometry, [])
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)

    for column in 5..<8 { frame[2, column] = UInt8(ascii: "x") }
    frame[2, 10] = UInt8(ascii: "y")
    frame[3, 19] = UInt8(ascii: "z")
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    let expected: [HD44780Write] = [
      .command(0x99), .data(0x78), .data(0x78), .data(0x78),  // row 2 starts at 0x14
      .command(0x9E), .data(0x79),
      .command(0xE7), .data(0x7A),  // row 3 starts at 0x54
    ]
    #expect(writes == expected)
  }

  @Test("Cursor moves, style changes and the backlight send only their own instruction")
  func cursorAndBacklightOnly() {
    var encoder = HD44780StreamEncoder()
    var frame = asciiFrame(.lcd16x2, ["Menu"])
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)

    frame.cursor = CursorPosition(row: 1, column: 5)
    frame.cursorStyle = .blink
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0xC5), .command(0x0D)])

    frame.cursorStyle = .underline
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0x0E)])

    frame.cursor = CursorPosition(row: 0, column: 15)
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0x8F)])

    frame.cursor = nil
    frame.cursorStyle = .off
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.command(0x0C)])

    frame.backlight = false
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes == [.backlight(false)])
  }

  @Test("A changed glyph re-uploads only its own CGRAM slot")
  func glyphUploadOnlyChangedSlot() {
    var encoder = HD44780StreamEncoder()
    var frame = asciiFrame(.lcd16x2, [])
    frame.setGlyph(GlyphLibrary.upArrow, slot: 0)
    frame[0, 0] = 0
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)

    frame.setGlyph(GlyphLibrary.envelope, slot: 3)
    frame[1, 0] = 3
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    var expected: [HD44780Write] = [.command(0x40 | 24)]
    for row in 0..<8 { expected.append(.data(GlyphLibrary.envelope.rows[row])) }
    expected += [.command(0xC0), .data(3)]
    #expect(writes == expected)
  }

  @Test("A first frame uploads every CGRAM slot its cells use, however the rows were set")
  func firstFrameUploadsUsedSlots() {
    var frame = asciiFrame(.lcd16x2, ["x"])
    // Rows set directly, as a controller would, without a stand-in character.
    let bell: [UInt8] = [0x04, 0x0E, 0x0E, 0x0E, 0x1F, 0x00, 0x04, 0x00]
    for (row, bits) in bell.enumerated() {
      frame.setGlyphRow(slot: 2, row: row, bits: bits, character: nil)
    }
    frame[1, 0] = 2
    frame.setGlyph(GlyphLibrary.euro, slot: 5)
    frame[1, 1] = 5
    frame.setGlyphRow(slot: 6, row: 3, bits: 0x0E, character: nil)
    var encoder = HD44780StreamEncoder()
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)
    // Slots 2 and 5 only: unused slots are not uploaded.
    let uploads = writes.filter {
      if case .command(let byte) = $0 { byte & 0xC0 == 0x40 } else { false }
    }
    #expect(uploads == [.command(0x40 | 16), .command(0x40 | 40)])
    var emulator = HD44780Emulator(geometry: .lcd16x2, garbageSeed: 99)
    emulator.execute(writes)
    var problems = emulator.differences(from: frame)
    #expect(problems.isEmpty, "\(problems)")

    // Slot 6 had rows from the start but no cell showed it, so it was not
    // uploaded; now a cell shows it.
    frame[0, 5] = 6
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes.first == .command(0x40 | 48))
    emulator.execute(writes)
    problems = emulator.differences(from: frame)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("The first frame starts with the initialisation", arguments: [true, false])
  func firstFrameInitialises(eightBit: Bool) {
    var encoder = HD44780StreamEncoder(eightBitInterface: eightBit)
    var writes: [HD44780Write] = []
    encoder.encode(asciiFrame(.lcd16x2, ["Hi"]), into: &writes)
    #expect(Array(writes.prefix(4)) == (eightBit ? initialisation8Bit : initialisation4Bit))
    // The display is switched on again at the end.
    #expect(writes.contains(.command(0x0C)))
    #expect(writes.contains(.backlight(true)))
  }

  @Test("reset() makes the next frame re-initialise a power-cycled module")
  func resetReinitialises() throws {
    let geometry = try #require(LCDGeometry(columns: 20, rows: 4))
    var composer = LCDComposer(rom: .a00)
    var canvas = Canvas(geometry: geometry)
    canvas.write("✉ 2 new €5", row: 0)
    canvas.write("↑ Inbox", row: 3)
    canvas.cursor = CursorPosition(row: 2, column: 7)
    canvas.cursorStyle = .blink
    let frame = composer.frame(for: canvas)

    var encoder = HD44780StreamEncoder(eightBitInterface: false)
    var writes: [HD44780Write] = []
    encoder.encode(frame, into: &writes)
    var emulator = HD44780Emulator(geometry: geometry, garbageSeed: 1)
    emulator.execute(writes)
    #expect(emulator.differences(from: frame).isEmpty)

    // The same frame again: the encoder believes the module shows it.
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(writes.isEmpty)

    // Power cycle: garbage everywhere; after reset() the same frame is sent
    // in full.
    emulator = HD44780Emulator(geometry: geometry, garbageSeed: 2)
    encoder.reset()
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    #expect(Array(writes.prefix(4)) == initialisation4Bit)
    emulator.execute(writes)
    let problems = emulator.differences(from: frame)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("A frame of another geometry re-initialises the module")
  func geometryChangeReinitialises() throws {
    var encoder = HD44780StreamEncoder()
    var writes: [HD44780Write] = []
    encoder.encode(asciiFrame(.lcd16x2, ["A"]), into: &writes)
    let other = try #require(LCDGeometry(columns: 20, rows: 2))
    writes.removeAll()
    encoder.encode(asciiFrame(other, ["A"]), into: &writes)
    #expect(Array(writes.prefix(4)) == initialisation8Bit)
  }

  @Test("The 16x1 module's right half is addressed at 0x40")
  func sixteenByOneRuns() throws {
    let geometry = try #require(LCDGeometry(columns: 16, rows: 1))
    var encoder = HD44780StreamEncoder()
    var writes: [HD44780Write] = []
    var frame = asciiFrame(geometry, [])
    encoder.encode(frame, into: &writes)

    // A full row splits into two runs at the half boundary.
    let text = Array("ABCDEFGHIJKLMNOP".utf8)
    for column in 0..<16 { frame[0, column] = text[column] }
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    var expected: [HD44780Write] = [.command(0x80)]
    expected += text[0..<8].map { .data($0) }
    expected.append(.command(0xC0))
    expected += text[8..<16].map { .data($0) }
    #expect(writes == expected)

    // Columns 7 and 8 are neighbours on the glass but not in DDRAM.
    frame[0, 7] = UInt8(ascii: "x")
    frame[0, 8] = UInt8(ascii: "y")
    frame.cursor = CursorPosition(row: 0, column: 12)
    frame.cursorStyle = .underline
    writes.removeAll()
    encoder.encode(frame, into: &writes)
    let split: [HD44780Write] = [
      .command(0x87), .data(0x78), .command(0xC0), .data(0x79), .command(0xC4), .command(0x0E),
    ]
    #expect(writes == split)

    var emulator = HD44780Emulator(geometry: geometry)
    var fresh = HD44780StreamEncoder()
    writes.removeAll()
    fresh.encode(frame, into: &writes)
    emulator.execute(writes)
    #expect(emulator.differences(from: frame).isEmpty)
    #expect(emulator.ddram[0x40] == UInt8(ascii: "y"))
    #expect(emulator.ddram[0x08] == 0x20)
  }
}
