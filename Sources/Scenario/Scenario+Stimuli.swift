import Firmware
import KeypadInput

extension Scenario {
  /// What `action` does to the phone from outside, with this scenario's tap
  /// timing; nil for a step that is not a stimulus (an expectation, a
  /// restart, a recording, a repeat).
  public func stimuli(of action: ScenarioAction) -> [Stimulus]? {
    var list: [Stimulus] = []
    let isStimulus = Scenario.forEachStimulus(of: action, tapHold: tapHold, tapGap: tapGap) {
      list.append($0)
    }
    return isStimulus ? list : nil
  }

  /// Hands what `action` does to the phone from outside to `body`, one
  /// stimulus at a time and building no list (the runner replays a million
  /// key presses this way); false, and nothing handed, for a step that is
  /// not a stimulus. Static, so that a runner holding the scenario can
  /// change itself in `body`.
  public static func forEachStimulus(
    of action: ScenarioAction, tapHold: Duration, tapGap: Duration,
    _ body: (Stimulus) -> Void
  ) -> Bool {
    switch action {
    case .tap(let keys):
      for key in keys { Stimulus.tap(key, hold: tapHold, gap: tapGap, body) }
    case .press(let key): body(.press(key))
    case .release(let key): body(.release(key))
    case .hold(let key, let duration): Stimulus.hold(key, for: duration, body)
    case .wait(let duration): body(.wait(duration))
    case .unplug: body(.unplug)
    case .replug: body(.replug)
    case .expect, .restart, .recording, .keyEvents, .repeated, .busFault, .fault, .network:
      return false
    }
    return true
  }
}
