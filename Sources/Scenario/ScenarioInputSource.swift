import Firmware
import Runtime
import SimulatedPeers
import Supervision
import Vocabulary

/// A scenario's keypad as a run's input: the source `RunLoop.turn` runs,
/// as it runs the evdev keypad, the terminal and LCDd's keys, but on a
/// clock it moves by hand (`VirtualClock`) — one turn per stimulus, no
/// waiting. A press or release reaches the simulated keypad when it
/// happens and then the runtime, stamped on the input clock (which
/// `fault clock-jump` moves); a release armed by `fault stuck` is lost on
/// the way; a recording's edges happen at their own times.
struct ScenarioInputSource<Glass: SimulatedDisplay>: InputSource {
  typealias Peripherals = ScenarioPeripherals<Glass>
  /// The clock this source moves and the turn reads.
  let clock: VirtualClock
  /// What the next turn hands over.
  var pending: ScenarioInput?
  /// How far the input clock is off the firmware's (`fault clock-jump`).
  var clockOffset: Duration = .zero
  /// How long the quiet after the pending input (or a wait with none)
  /// lasts: the turn hands the input over at the runtime's time, then
  /// moves the clock this far on.
  var waitAfter: Duration = .zero

  /// A source moving `clock`.
  init(clock: VirtualClock) {
    self.clock = clock
  }

  /// A scenario's keypad wakes nothing by itself.
  var nextDeadline: Instant? { nil }

  /// Input comes whenever the runner hands it.
  var isOpen: Bool { true }

  /// Moves the clock to the end of the wait after the pending input, or to
  /// a recorded edge's time. The runtime stays where it is until the input
  /// is handed over.
  mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    var time = runtime.now + waitAfter
    if case .recorded(let event)? = pending {
      let happens = runtime.supervisor.inputClock.instant(of: event.time)
      if happens > time { time = happens }
    }
    clock.now = time
  }

  /// Hands the pending input to the keypad and the runtime when it
  /// happens: a recorded edge at its own time, any other at the runtime's
  /// (the clock already stands at the end of the wait after it).
  mutating func deliver<Store: RuntimeStore>(
    at _: Instant, to runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    let now = runtime.now
    guard let input = pending else { return }
    pending = nil
    switch input {
    case .stimulus(.press(let key)):
      runtime.peripherals.pressed(key)
      runtime.handle(KeyEvent(.press, key, at: now + clockOffset), arrivedAt: now)
    case .stimulus(.release(let key)):
      // Timers due now run before the keypad changes.
      runtime.advance(to: now)
      guard runtime.peripherals.released(key) else { return }
      runtime.handle(KeyEvent(.release, key, at: now + clockOffset), arrivedAt: now)
    case .stimulus(.wait):
      break  // a wait is `waitAfter`, never pending
    case .stimulus(.unplug):
      runtime.keypad(connected: false)
    case .stimulus(.replug):
      runtime.keypad(connected: true)
    case .recorded(let event):
      // The keypad's state changes when the edge happens, not before.
      let happens = runtime.supervisor.inputClock.instant(of: event.time)
      runtime.advance(to: happens)
      if event.action == .press { runtime.peripherals.pressed(event.key) }
      if event.action == .release, !runtime.peripherals.released(event.key) { return }
      runtime.handle(
        KeyEvent(event.action, event.key, at: event.time + clockOffset), arrivedAt: happens)
    }
  }

  /// Nothing to show: the runner checks what the scenario expects.
  mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {}
}
