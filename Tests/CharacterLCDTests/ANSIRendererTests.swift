import CharacterLCD
import Testing

/// `text` without its ANSI escape sequences.
private func stripped(_ text: String) -> String {
  var result = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if inEscape {
      if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

private func sampleFrame(style: CursorStyle) -> LCDFrame {
  var composer = LCDComposer(rom: .a00)
  var canvas = Canvas(geometry: .lcd16x2)
  canvas.write("Messages ✉", row: 0)
  canvas.write("Ana: ok", row: 1)
  canvas.cursor = CursorPosition(row: 1, column: 4)
  canvas.cursorStyle = style
  return composer.frame(for: canvas)
}

@Suite("ANSI renderer")
struct ANSIRendererTests {
  @Test("The output homes the cursor, draws the framed rows and ends by clearing below")
  func framedRows() {
    let output = ANSIRenderer.render(sampleFrame(style: .off))
    #expect(output.hasPrefix("\u{1B}[H"))
    #expect(output.hasSuffix("\u{1B}[J"))
    let lines = stripped(output).split(separator: "\r\n").map(String.init)
    #expect(
      lines == [
        "┌────────────────┐", "│Messages ✉      │", "│Ana: ok         │", "└────────────────┘",
      ])
  }

  @Test(
    "The cursor cell is marked in its style",
    arguments: [(.underline, "\u{1B}[4m \u{1B}[24m"), (.blink, "\u{1B}[7m \u{1B}[27m")]
      as [(CursorStyle, String)])
  func cursorMarker(style: CursorStyle, marker: String) {
    let output = ANSIRenderer.render(sampleFrame(style: style))
    #expect(output.contains("Ana:" + marker + "ok"))
    #expect(output.ranges(of: marker).count == 1)  // exactly once
  }

  @Test("An off cursor is not marked")
  func cursorOff() {
    let output = ANSIRenderer.render(sampleFrame(style: .off))
    #expect(!output.contains("\u{1B}[4m"))
    #expect(!output.contains("\u{1B}[7m"))
    #expect(output.contains("Ana: ok"))
  }

  @Test("Legend lines start in one column beside the LCD, status lines go below")
  func legendAndStatus() {
    let legend = ["1 abc", "2 def", "3 ghi", "4 jkl", "5 mno", "6 pqr"]
    let output = ANSIRenderer.render(
      sampleFrame(style: .underline), legend: legend, status: ["T9 Abc"])
    let lines = output.split(separator: "\r\n").map { stripped(String($0)) }.filter { !$0.isEmpty }
    #expect(lines.count == 6)
    for (index, entry) in legend.enumerated() {
      let line = lines[index]
      #expect(line.hasSuffix(entry))
      #expect(line.unicodeScalars.count - entry.unicodeScalars.count == 16 + 5, "line \(index)")
    }
    #expect(lines[4].hasPrefix("T9 Abc"))
    #expect(lines[0].hasPrefix("┌"))
    #expect(lines[3].hasPrefix("└"))
  }

  @Test("The backlight changes the glass colour")
  func backlight() {
    var frame = sampleFrame(style: .off)
    let lit = ANSIRenderer.render(frame)
    frame.backlight = false
    let dark = ANSIRenderer.render(frame)
    #expect(lit != dark)
    #expect(stripped(lit) == stripped(dark))
    #expect(lit.contains("\u{1B}[30;102m"))
    #expect(dark.contains("\u{1B}[37;42m"))
  }

  @Test("Custom glyphs render as the characters they stand for")
  func glyphCharacters() {
    let output = stripped(ANSIRenderer.render(sampleFrame(style: .off)))
    #expect(output.contains("✉"))
    #expect(ANSIRenderer.enter.contains("\u{1B}[?25l"))
    #expect(ANSIRenderer.leave.contains("\u{1B}[?25h"))
  }
}
