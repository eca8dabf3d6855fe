import CharacterLCD
import Vocabulary

/// Text blocks for a harness reading a serial console (`--display text`):
/// every frame as a `TextBlock` (`frame <ms>`, one `|row|` line per LCD
/// row, `end`). Nothing to retry and no glass to look at: the text is
/// written at once.
public struct TextDisplay<Sink: TextSink>: ImmediateDisplay {
  /// Where the blocks go.
  public var sink: Sink
  /// What ends each line: `\n`, or `\r\n` on a terminal in raw mode.
  public let newline: String

  /// Text blocks written to `sink`, lines ending in `newline`.
  public init(sink: Sink, newline: String = "\n") {
    self.sink = sink
    self.newline = newline
  }

  /// Writes `frame` as a block.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    sink.write(TextBlock.text(TextFrameRenderer.rows(of: frame), at: now, newline: newline))
  }
}
