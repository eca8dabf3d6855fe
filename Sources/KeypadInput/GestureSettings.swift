/// The timing thresholds of gesture recognition; every one is a setting.
public struct GestureSettings: Sendable, Hashable {
  /// A press shorter than this is contact bounce and is ignored.
  public var debounce: Duration
  /// Holding a key this long is a long press.
  public var longPress: Duration
  /// After a long press, repeating keys repeat this often (never more often
  /// than `minimumRepeatInterval`).
  public var repeatInterval: Duration
  /// A key held longer than this is treated as released and logged as stuck.
  public var stuckAfter: Duration
  /// Each key's hold policy in two bits, by `Key.index`: plain bits, so
  /// that settings, which the phone hands the recogniser after every
  /// gesture, copy and compare without an array to count references of.
  private var holdPolicyBits: UInt64 = 0

  /// Creates settings; the defaults are the firmware's.
  public init(
    debounce: Duration = .milliseconds(20),
    longPress: Duration = .milliseconds(700),
    repeatInterval: Duration = .milliseconds(150),
    stuckAfter: Duration = .seconds(30)
  ) {
    self.debounce = debounce
    self.longPress = longPress
    self.repeatInterval = repeatInterval
    self.stuckAfter = stuckAfter
    for key in Key.allCases { setHoldPolicy(GestureSettings.defaultHoldPolicy(for: key), for: key) }
  }

  /// The shortest repeat interval the recogniser uses: with a zero (or, set
  /// in code, negative) interval a held key's next repeat would be due at
  /// once, for ever, and the firmware would hang while `#` is held.
  public static let minimumRepeatInterval = Duration.milliseconds(1)

  /// The hold policy of `key`.
  public func holdPolicy(for key: Key) -> HoldPolicy {
    switch holdPolicyBits >> GestureSettings.shift(of: key) & 3 {
    case 0: .none
    case 1: .longPress
    default: .longPressThenRepeat
    }
  }

  /// Changes the hold policy of `key` (a keymap may forbid holds).
  public mutating func setHoldPolicy(_ policy: HoldPolicy, for key: Key) {
    let code: UInt64 =
      switch policy {
      case .none: 0
      case .longPress: 1
      case .longPressThenRepeat: 2
      }
    let shift = GestureSettings.shift(of: key)
    holdPolicyBits = holdPolicyBits & ~(3 << shift) | code << shift
  }

  /// Where `key`'s two bits are (the 22 keys take 44 of the 64).
  private static func shift(of key: Key) -> UInt64 { UInt64(key.index) * 2 }

  /// The firmware's default: `#` and the arrows repeat, the soft keys, `ok`,
  /// `call` and `end` do not hold, every other key has a long press.
  public static func defaultHoldPolicy(for key: Key) -> HoldPolicy {
    switch key {
    case .hash, .up, .down, .left, .right: .longPressThenRepeat
    case .ok, .call, .end, .softLeft, .softRight: .none
    default: .longPress
    }
  }
}
