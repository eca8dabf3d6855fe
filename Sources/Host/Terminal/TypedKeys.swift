import Firmware
import KeypadInput

/// The key edges the simulator makes of what was typed, each waiting for its
/// time.
///
/// A terminal reports presses but no releases: a tap becomes a press and,
/// `tapHold` later, a release; a hold (Alt+key) is pressed past the long
/// press, and stays down while the terminal keeps repeating Alt+key. Keys
/// typed faster than a tap lasts are queued one after another, so none is
/// lost.
public struct TypedKeys {
  /// No keys typed yet.
  public init() {}

  /// How long a tap holds its key down.
  public static let tapHold: Duration = .milliseconds(60)
  private let repeatGrace: Duration = .milliseconds(150)
  private let gap: Duration = .milliseconds(10)
  private var queue: [KeyEvent] = []

  /// When the next edge is due, if one waits.
  public var next: Instant? { queue.first?.time }

  /// `key` typed at `time`: a tap.
  public mutating func tap(_ key: Key, at time: Instant) {
    schedule(Stimulus.tap(key, hold: TypedKeys.tapHold, gap: gap), at: time)
  }

  /// `key` typed with Alt at `time`: held for `longPress` and a little
  /// more, or, when the terminal repeats it, held on.
  public mutating func hold(_ key: Key, at time: Instant, longPress: Duration) {
    if let last = queue.last, last.key == key, last.action == .release {
      queue[queue.count - 1].time = Swift.max(last.time, time + repeatGrace)
      return
    }
    schedule(Stimulus.hold(key, for: longPress + .milliseconds(30)), at: time)
  }

  /// Takes the edges due at or before `time`, oldest first.
  public mutating func takeDue(upTo time: Instant) -> [KeyEvent] {
    let due = queue.prefix { $0.time <= time }.count
    defer { queue.removeFirst(due) }
    return Array(queue.prefix(due))
  }

  /// Lays `stimuli` out from `time`, or from just after the last queued edge.
  private mutating func schedule(_ stimuli: [Stimulus], at time: Instant) {
    var clock = Swift.max(time, queue.last.map { $0.time + gap } ?? time)
    for stimulus in stimuli {
      switch stimulus {
      case .press(let key): queue.append(KeyEvent(.press, key, at: clock))
      case .release(let key): queue.append(KeyEvent(.release, key, at: clock))
      case .wait(let duration): clock = clock + duration
      case .unplug, .replug: break
      }
    }
  }
}
