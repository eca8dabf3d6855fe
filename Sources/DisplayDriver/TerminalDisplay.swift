import CharacterLCD
import Vocabulary

/// The LCD drawn in this terminal (`--display terminal`): every frame as
/// the ANSI picture, with the status lines below it. Nothing to retry and
/// no glass to look at: the picture is written at once.
public struct TerminalDisplay<Sink: TextSink>: ImmediateDisplay {
  /// Where the pictures go.
  public var sink: Sink
  /// The lines drawn below the picture.
  public private(set) var status: [String] = []

  /// Pictures written to `sink`.
  public init(sink: Sink) {
    self.sink = sink
  }

  /// Draws `frame`, the status lines below it.
  public mutating func show(_ frame: LCDFrame, at now: Instant) {
    sink.write(ANSIRenderer.render(frame, legend: [], status: status))
  }

  /// Keeps `lines` for the pictures to come.
  public mutating func showStatus(_ lines: [String]) { status = lines }
}
