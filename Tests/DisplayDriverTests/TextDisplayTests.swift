import CharacterLCD
import DisplayDriver
import KeypadInput
import LCDTestSupport
import Testing

@Test("the text display writes each frame as 'frame <ms>', one |row| line per row, 'end'")
func textDisplayWritesBlocks() {
  var display = TextDisplay(sink: StringSink())
  display.show(topRowFrame("Hello"), at: Instant(microseconds: 1_234_567))
  display.show(topRowFrame("Hi"), at: Instant(microseconds: 2_000_000))
  #expect(
    display.sink.text == """
      frame 1234
      |Hello           |
      |                |
      end
      frame 2000
      |Hi              |
      |                |
      end

      """)
}

@Test("the text display ends lines in the newline it is given")
func textDisplayUsesItsNewline() {
  var display = TextDisplay(sink: StringSink(), newline: "\r\n")
  display.show(topRowFrame("A"), at: .zero)
  #expect(display.sink.text.hasPrefix("frame 0\r\n|A               |\r\n"))
  #expect(display.sink.text.hasSuffix("end\r\n"))
}

@Test("a text block is the same whether the display or the simulator writes it")
func textBlockMatchesTheDisplay() {
  var display = TextDisplay(sink: StringSink())
  display.show(topRowFrame("Menu"), at: Instant(microseconds: 5000))
  #expect(
    display.sink.text
      == TextBlock.text(
        TextFrameRenderer.rows(of: topRowFrame("Menu")), at: Instant(microseconds: 5000)))
}

@Test("text and terminal displays never need the clock, never fail and have no glass to check")
func textDisplaysHaveNoDeadlineOrGlass() {
  var text = TextDisplay(sink: StringSink())
  var terminal = TerminalDisplay(sink: StringSink())
  var none = NoDisplay()
  text.show(topRowFrame("x"), at: .zero)
  terminal.show(topRowFrame("x"), at: .zero)
  none.show(topRowFrame("x"), at: .zero)
  #expect(text.nextDeadline == nil && terminal.nextDeadline == nil && none.nextDeadline == nil)
  #expect(text.health == PeripheralHealth())
  #expect(terminal.health == PeripheralHealth())
  #expect(none.health == PeripheralHealth())
  #expect(text.glassParts == 1 && terminal.glassParts == 1 && none.glassParts == 1)
  #expect(text.checkGlass(part: 0) == .unchecked)
  #expect(terminal.checkGlass(part: 0) == .unchecked)
  #expect(none.checkGlass(part: 0) == .unchecked)
}

@Test("service and redraw write nothing more on a text display")
func textDisplayServiceAndRedrawAreQuiet() {
  var display = TextDisplay(sink: StringSink())
  display.show(topRowFrame("once"), at: .zero)
  let written = display.sink.text
  display.service(at: Instant(microseconds: 1000))
  display.redraw(at: Instant(microseconds: 2000))
  display.close()
  #expect(display.sink.text == written)
}

@Test("the terminal display draws each frame as the ANSI picture with the status lines below")
func terminalDisplayDrawsWithStatus() {
  var display = TerminalDisplay(sink: StringSink())
  display.showStatus(["screen idle", "keypad /dev/input/event3"])
  display.show(topRowFrame("Hello"), at: .zero)
  #expect(
    display.sink.text
      == ANSIRenderer.render(
        topRowFrame("Hello"), legend: [], status: ["screen idle", "keypad /dev/input/event3"]))
}

@Test("a pair of text displays writes each frame to both")
func pairOfTextDisplays() {
  var pair = DisplayPair(
    TextDisplay(sink: StringSink()), mirroredOn: TerminalDisplay(sink: StringSink()))
  pair.show(topRowFrame("Both"), at: .zero)
  #expect(pair.primary.sink.text.contains("|Both            |"))
  #expect(pair.mirror.sink.text == ANSIRenderer.render(topRowFrame("Both"), legend: [], status: []))
}
