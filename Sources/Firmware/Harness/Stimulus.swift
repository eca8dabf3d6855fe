import KeypadInput

/// One thing done to the phone from outside, in order: a key edge, time
/// passing, the keypad going or coming back.
///
/// What a tap or a hold is in key edges is written here once: the harness
/// feeds these to the firmware, a scenario's steps expand to them, and the
/// hardware plan prints them.
public enum Stimulus: Sendable, Hashable {
  /// The key goes down.
  case press(Key)
  /// The key comes up.
  case release(Key)
  /// Time passes.
  case wait(Duration)
  /// The keypad goes away (the cable is pulled).
  case unplug
  /// The keypad is back.
  case replug

  /// How long a tap holds its key down unless told otherwise.
  public static let tapHold: Duration = .milliseconds(80)
  /// How long a tap waits after its release unless told otherwise.
  public static let tapGap: Duration = .milliseconds(150)

  /// A tap of `key`: pressed for `hold`, released, then `gap` passes.
  public static func tap(
    _ key: Key, hold: Duration = tapHold, gap: Duration = tapGap
  ) -> [Stimulus] {
    var list: [Stimulus] = []
    tap(key, hold: hold, gap: gap) { list.append($0) }
    return list
  }

  /// A tap of `key`, handed to `body` one stimulus at a time: no list is
  /// built (a scenario's replay feeds a million taps this way).
  public static func tap(
    _ key: Key, hold: Duration, gap: Duration, _ body: (Stimulus) -> Void
  ) {
    body(.press(key))
    body(.wait(hold))
    body(.release(key))
    body(.wait(gap))
  }

  /// `key` held down for `duration`, then released.
  public static func hold(_ key: Key, for duration: Duration) -> [Stimulus] {
    var list: [Stimulus] = []
    hold(key, for: duration) { list.append($0) }
    return list
  }

  /// A hold of `key`, handed to `body` one stimulus at a time.
  public static func hold(_ key: Key, for duration: Duration, _ body: (Stimulus) -> Void) {
    body(.press(key))
    body(.wait(duration))
    body(.release(key))
  }

  /// Whether this is a key edge (a press or a release).
  public var isKeyEdge: Bool {
    switch self {
    case .press, .release: true
    case .wait, .unplug, .replug: false
    }
  }
}
