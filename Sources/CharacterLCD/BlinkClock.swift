/// Which phase a blinking cursor shows in a run of frames: counted from
/// the frame where it began to blink, so a picture of any frame shows what
/// the glass showed at that moment. `replay --png` and the page both ask
/// it, frame after frame in time order.
public struct BlinkClock: Sendable {
  /// When the cursor began to blink (microseconds), while it blinks.
  private var blinkingSince: Int64?

  /// A clock that has seen no blinking cursor yet.
  public init() {}

  /// The phase of `frame`, drawn at `microseconds`; frames must come in
  /// time order.
  public mutating func phase(of frame: LCDFrame, at microseconds: Int64) -> BlinkPhase {
    guard frame.visibleCursor != nil, frame.cursorStyle == .blink else {
      blinkingSince = nil
      return .block
    }
    let since = blinkingSince ?? microseconds
    blinkingSince = since
    return BlinkPhase(microsecondsBlinking: microseconds - since)
  }
}
