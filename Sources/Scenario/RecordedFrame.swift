import CharacterLCD
import KeypadInput

/// One LCD frame of a replay and the virtual time it appeared.
public struct RecordedFrame: Sendable {
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
