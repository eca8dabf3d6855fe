import Firmware
import KeypadInput
import Vocabulary

/// How tests drive a harness by hand: key edges at its own time, stimuli,
/// taps and holds, and the frames it recorded as an array. Runs drive it
/// through the supervisor and the runtime instead.
extension PhoneHarness {
  /// Feeds a key edge at the harness's time.
  public mutating func send(_ action: KeyEvent.Action, _ key: Key) {
    handle(KeyEvent(action, key, at: now))
  }

  /// Does `stimulus` at the harness's time.
  public mutating func apply(_ stimulus: Stimulus) {
    switch stimulus {
    case .press(let key): send(.press, key)
    case .release(let key): send(.release, key)
    case .wait(let duration): advance(by: duration)
    case .unplug: keypadDisconnected()
    case .replug: keypadConnected()
    }
  }

  /// Taps each of `keys` in turn (`Stimulus.tap`).
  public mutating func tap(
    _ keys: Key..., hold: Duration = Stimulus.tapHold, gap: Duration = Stimulus.tapGap
  ) {
    for key in keys {
      Stimulus.tap(key, hold: hold, gap: gap) { apply($0) }
    }
  }

  /// Holds `key` for `duration` (by default past the default long press),
  /// then releases it.
  public mutating func hold(_ key: Key, for duration: Duration = .milliseconds(800)) {
    Stimulus.hold(key, for: duration) { apply($0) }
  }

  /// Takes the frames recorded since the last call, oldest first: one for
  /// each change of the glass, with the time it appeared.
  public mutating func takeFrames() -> [RecordedFrame] {
    var frames: [RecordedFrame] = []
    drainFrames { frames.append($0) }
    return frames
  }
}
