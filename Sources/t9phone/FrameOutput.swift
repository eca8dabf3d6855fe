import CharacterLCD
import KeypadInput

/// Where a device run shows the LCD: the terminal (ANSI, as the simulator)
/// or plain text blocks on standard output for a harness reading a serial
/// console: `frame <ms>`, one `|row|` line per LCD row, `end`.
enum FrameOutput {
  /// The ANSI display, with a legend.
  case terminal
  /// Text blocks.
  case text

  /// Shows `frame` at `time`.
  func show(_ frame: LCDFrame, at time: Instant, status: [String]) {
    switch self {
    case .terminal:
      Console.out(ANSIRenderer.render(frame, legend: [], status: status))
    case .text:
      var block = "frame \(time.microseconds / 1000)\n"
      for row in TextFrameRenderer.rows(of: frame) { block += "|\(row)|\n" }
      block += "end\n"
      Console.out(block)
    }
  }

  /// A line of news (`t9phone: ready …`): on its own line in text mode, in
  /// the status rows on the terminal.
  func announce(_ line: String) {
    if case .text = self { Console.out("t9phone: \(line)\n") }
  }
}
