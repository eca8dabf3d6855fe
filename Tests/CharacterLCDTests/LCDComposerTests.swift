import CharacterLCD
import TestSupport
import Testing

/// Composes `text` on the top row of a 16x2 canvas.
private func compose(_ text: String, rom: CharacterROM) -> LCDFrame {
  var canvas = Canvas(geometry: .lcd16x2)
  canvas.write(text, row: 0)
  var composer = LCDComposer(rom: rom)
  return composer.frame(for: canvas)
}

/// The distinct CGRAM slots a frame's cells use.
private func usedSlots(_ frame: LCDFrame) -> Set<UInt8> {
  var slots = Set<UInt8>()
  for row in 0..<frame.geometry.rows {
    for column in 0..<frame.geometry.columns where frame[row, column] < 0x10 {
      slots.insert(frame[row, column])
    }
  }
  return slots
}

@Suite("LCD composer")
struct LCDComposerTests {
  @Test(
    "Each character becomes the ROM code, substitute, fold or glyph the ROM can show",
    arguments: [
      // character, what A00 shows, what A02 shows
      ("A", "A", "A"), ("é", "e", "é"), ("É", "E", "É"), ("ü", "ü", "ü"), ("ñ", "ñ", "ñ"),
      ("ß", "β", "ß"), ("\\", "/", "\\"), ("~", "~", "~"), ("¥", "¥", "¥"), ("€", "€", "€"),
      ("↑", "↑", "↑"), ("↓", "↓", "↓"), ("↲", "↲", "↲"), ("↵", "↲", "↲"), ("✉", "✉", "✉"),
      ("Ж", "□", "Ж"), ("李", "□", "□"), ("°", "\u{FF9F}", "°"), ("“", "\"", "“"),
      ("…", ".", "."), ("—", "-", "-"), ("\t", " ", " "), ("\u{85}", " ", " "), ("ł", "l", "l"),
      ("ｱ", "ｱ", "□"), ("→", "→", "→"), ("µ", "μ", "µ"),
    ] as [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)])
  func resolution(character: Unicode.Scalar, a00: Unicode.Scalar, a02: Unicode.Scalar) {
    for (rom, expected) in [(CharacterROM.a00, a00), (CharacterROM.a02, a02)] {
      var canvas = Canvas(geometry: .lcd16x2)
      canvas[0, 3] = character
      var composer = LCDComposer(rom: rom)
      let frame = composer.frame(for: canvas)
      #expect(frame.character(row: 0, column: 3) == expected, "\(rom)")
      #expect(frame.character(row: 0, column: 2) == " ")
    }
  }

  @Test("é is folded to e on A00 but uses 0xE9 on A02")
  func accented() {
    #expect(compose("é", rom: .a00)[0, 0] == UInt8(ascii: "e"))
    #expect(compose("é", rom: .a02)[0, 0] == 0xE9)
  }

  @Test("A backslash is shown as / on A00 but as 0x5C on A02")
  func backslash() {
    #expect(compose("\\", rom: .a00)[0, 0] == UInt8(ascii: "/"))
    #expect(compose("\\", rom: .a02)[0, 0] == 0x5C)
  }

  @Test("↑ needs a CGRAM slot on A00 but is the ROM's own 0x18 on A02")
  func upArrow() throws {
    let a00 = compose("↑", rom: .a00)
    let code = a00[0, 0]
    #expect(code < 8)
    #expect(a00.slotCharacter(Int(code)) == "↑")
    for row in 0..<8 {
      #expect(a00.glyphRow(slot: Int(code), row: row) == GlyphLibrary.upArrow.rows[row])
    }
    let a02 = compose("↑", rom: .a02)
    #expect(a02[0, 0] == 0x18)
    #expect(usedSlots(a02).isEmpty)
  }

  @Test("A character nothing can show becomes the box glyph", arguments: CharacterROM.all)
  func unknownBox(rom: CharacterROM) {
    let frame = compose("李", rom: rom)
    let code = frame[0, 0]
    #expect(code < 8)
    #expect(frame.character(row: 0, column: 0) == "□")
    for row in 0..<8 {
      #expect(frame.glyphRow(slot: Int(code), row: row) == GlyphLibrary.unknown.rows[row])
    }
    let cyrillic = compose("Ж", rom: rom)
    #expect(cyrillic.character(row: 0, column: 0) == (rom == .a00 ? "□" : "Ж"))
  }

  @Test("Glyphs keep their CGRAM slots across frames")
  func stableSlots() {
    var composer = LCDComposer(rom: .a00)
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.write("↑ €", row: 0)
    let first = composer.frame(for: canvas)
    let upSlot = first[0, 0]
    let euroSlot = first[0, 2]
    #expect(upSlot != euroSlot)

    canvas.clear()
    canvas.write("✉ ↓", row: 1)
    let second = composer.frame(for: canvas)
    canvas.clear()
    canvas.write("€ ↑ ↓ ✉", row: 0)
    var third = LCDFrame(geometry: .lcd16x2, rom: .a00)
    composer.compose(canvas, into: &third)
    #expect(third[0, 0] == euroSlot)
    #expect(third[0, 2] == upSlot)
    #expect(third[0, 4] == second[1, 2])
    #expect(third[0, 6] == second[1, 0])
    // Slots that were uploaded stay uploaded, so the encoder need not send them again.
    for slot in 0..<8 {
      for row in 0..<8 {
        #expect(second.glyphRow(slot: slot, row: row) == third.glyphRow(slot: slot, row: row))
      }
    }
  }

  @Test("Seven custom glyphs in one frame take seven of the eight slots, each the right glyph")
  func atMostEightSlots() {
    var composer = LCDComposer(rom: .a00)
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.write("↑↓↲✉€~李Ж漢", row: 0)
    canvas.write("~€✉↲↓↑", row: 1)
    let frame = composer.frame(for: canvas)
    let slots = usedSlots(frame)
    #expect(slots.count == 7)
    #expect(slots.allSatisfy { $0 < 8 })
    #expect(TextFrameRenderer.row(row: 0, of: frame) == "↑↓↲✉€~□□□       ")
    #expect(TextFrameRenderer.row(row: 1, of: frame) == "~€✉↲↓↑          ")
    for slot in slots {
      let glyph = GlyphLibrary.all.first { $0.character == frame.slotCharacter(Int(slot)) }
      #expect(glyph != nil)
      for row in 0..<8 {
        #expect(frame.glyphRow(slot: Int(slot), row: row) == glyph?.rows[row])
      }
    }
  }

  @Test("Over a long run of random screens the slots stay stable and within eight")
  func slotsOverManyFrames() {
    var rng = SplitMix64(seed: 42)
    let pool = Array("ab↑↓↲✉€~李Жé\\".unicodeScalars)
    var composer = LCDComposer(rom: .a00)
    var slotOf: [Unicode.Scalar: UInt8] = [:]
    for _ in 0..<300 {
      var canvas = Canvas(geometry: .lcd16x2)
      for column in 0..<Int.random(in: 0...16, using: &rng) {
        canvas[Int.random(in: 0...1, using: &rng), column] = pool.randomElement(using: &rng) ?? "a"
      }
      let frame = composer.frame(for: canvas)
      #expect(usedSlots(frame).count <= 8)
      for row in 0..<2 {
        for column in 0..<16 where frame[row, column] < 0x10 {
          let code = frame[row, column]
          let character = frame.character(row: row, column: column)
          if let earlier = slotOf[character] { #expect(earlier == code, "\(character) moved") }
          slotOf[character] = code
        }
      }
    }
    #expect(slotOf.count == 7)
  }

  @Test("Cursor and backlight are carried over; a hidden cursor has no style")
  func cursorAndBacklight() {
    var composer = LCDComposer(rom: .a02)
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.cursor = CursorPosition(row: 1, column: 4)
    canvas.cursorStyle = .blink
    canvas.backlight = false
    var frame = composer.frame(for: canvas)
    #expect(frame.cursor == CursorPosition(row: 1, column: 4))
    #expect(frame.cursorStyle == .blink)
    #expect(frame.backlight == false)

    canvas.cursor = nil
    canvas.backlight = true
    composer.compose(canvas, into: &frame)
    #expect(frame.cursor == nil)
    #expect(frame.cursorStyle == .off)
    #expect(frame.backlight)
  }

  @Test("Composing into a reused frame overwrites every cell")
  func reuseFrame() {
    var composer = LCDComposer(rom: .a00)
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.write("Hello world", row: 0)
    canvas.write("second line", row: 1)
    var frame = composer.frame(for: canvas)
    canvas.clear()
    canvas.write("Hi", row: 1)
    composer.compose(canvas, into: &frame)
    #expect(TextFrameRenderer.rows(of: frame) == ["                ", "Hi              "])
  }
}
