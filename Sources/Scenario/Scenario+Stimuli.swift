import Firmware
import KeypadInput

extension Scenario {
  /// What `action` does to the phone from outside, with this scenario's tap
  /// timing; nil for a step that is not a stimulus (an expectation, a
  /// restart, a recording, a repeat).
  public func stimuli(of action: ScenarioAction) -> [Stimulus]? {
    switch action {
    case .tap(let keys): keys.flatMap { Stimulus.tap($0, hold: tapHold, gap: tapGap) }
    case .press(let key): [.press(key)]
    case .release(let key): [.release(key)]
    case .hold(let key, let duration): Stimulus.hold(key, for: duration)
    case .wait(let duration): [.wait(duration)]
    case .unplug: [.unplug]
    case .replug: [.replug]
    case .expect, .restart, .recording, .keyEvents, .repeated, .busFault, .fault: nil
    }
  }
}
