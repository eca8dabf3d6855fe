import CharacterLCD
import DisplayDriver
import Firmware
import KeypadInput
import Supervision
import SystemLayer

/// What surrounds the firmware in a scenario: the simulated display behind
/// its real driver, a simulated keypad that knows which keys are down, and
/// the faults the scenario injects into both.
struct ScenarioPeripherals: SupervisedPeripherals {
  /// The display the frames go to.
  var display: SimulatedDisplay
  /// Every frame shown, when the run keeps them.
  var frames: [RecordedFrame] = []
  let keepsFrames: Bool
  /// Keys down on the simulated keypad, one bit per `Key.index`.
  private var keysDown: UInt32 = 0
  /// Keys whose next release is lost on the way.
  private var stuckArmed: UInt32 = 0
  /// When a `fault bus-down` ends.
  private var busDownUntil: Instant?

  init(display: SimulatedDisplay, keepsFrames: Bool) {
    self.display = display
    self.keepsFrames = keepsFrames
  }

  // MARK: - The keypad

  /// The key went down on the keypad.
  mutating func pressed(_ key: Key) {
    keysDown |= 1 << UInt32(key.index)
  }

  /// The key came up on the keypad; false when its release is lost on the
  /// way to the firmware (`fault stuck`).
  mutating func released(_ key: Key) -> Bool {
    let bit: UInt32 = 1 << UInt32(key.index)
    keysDown &= ~bit
    guard stuckArmed & bit != 0 else { return true }
    stuckArmed &= ~bit
    return false
  }

  /// The next release of `key` will be lost.
  mutating func loseNextRelease(of key: Key) {
    stuckArmed |= 1 << UInt32(key.index)
  }

  @inline(__always)
  func deviceKeyIsDown(_ key: Key) -> Bool? {
    keysDown & (1 << UInt32(key.index)) != 0
  }

  // MARK: - The display

  /// Every display transfer fails from `now` for `duration`.
  mutating func busDown(for duration: Duration, at now: Instant) {
    display.setFault(.ioError)
    busDownUntil = now + duration
  }

  mutating func show(_ frame: LCDFrame, at time: Instant) {
    display.show(frame, at: time)
    if keepsFrames { frames.append(RecordedFrame(time: time, frame: frame)) }
  }

  mutating func service(at time: Instant) {
    if let until = busDownUntil, time >= until {
      busDownUntil = nil
      display.setFault(nil)
    }
    display.service(at: time)
  }

  @inline(__always)
  var nextDeadline: Instant? {
    guard let until = busDownUntil else { return display.nextRetry }
    guard let retry = display.nextRetry else { return until }
    return retry < until ? retry : until
  }

  @inline(__always)
  var glassParts: Int { display.glassParts }

  mutating func checkGlass(part: Int) -> GlassCheck { display.checkGlass(part: part) }

  mutating func redraw(at time: Instant) { display.redraw(at: time) }

  // MARK: - The book (scenarios keep it in memory)

  var unflushedBookWrites: Int { 0 }

  mutating func flushBookWrites() -> Int { 0 }
}
