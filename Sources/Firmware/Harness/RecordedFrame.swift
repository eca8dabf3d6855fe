import CharacterLCD
import KeypadInput

/// One LCD frame and the firmware time it appeared: what the harness reports
/// when the glass changes, and what a replay prints.
public struct RecordedFrame: Sendable, Equatable {
  /// When the frame appeared.
  public var time: Instant
  /// The frame.
  public var frame: LCDFrame

  /// Creates a recorded frame.
  public init(time: Instant, frame: LCDFrame) {
    self.time = time
    self.frame = frame
  }
}
