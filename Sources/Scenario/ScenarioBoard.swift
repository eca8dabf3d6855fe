import Firmware
import KeypadInput
import Runtime
import ScenarioText
import SimulatedPeers
import Supervision

/// The board a scenario runs on: the runtime every run uses (`PhoneRuntime`:
/// the supervised firmware, its peripherals, its store), here with the
/// simulated display and keypad around it and an in-memory store, and the
/// faults injected behind its back.
/// Stimuli arrive as a keypad delivers them — stamped on the input clock
/// (which `fault clock-jump` moves), a release lost when `fault stuck` said
/// so. The scenario runner and the fault soak both drive one.
struct ScenarioBoard<Glass: SimulatedDisplay>: ~Copyable {
  /// The supervised firmware, the display and keypad around it, and the
  /// store the reports wait in.
  var runtime: PhoneRuntime<ScenarioPeripherals<Glass>, ScenarioStore>
  /// How far the input clock is off the firmware's (`fault clock-jump`).
  private(set) var clockOffset: Duration = .zero

  /// A board running `supervisor`'s phone on `peripherals`; `header` is
  /// what the scenario's reports would carry.
  init(
    supervisor: consuming Supervisor, peripherals: ScenarioPeripherals<Glass>, header: ReportHeader
  ) {
    runtime = PhoneRuntime(
      supervisor: supervisor, peripherals: peripherals, store: ScenarioStore(), header: header)
  }

  /// The firmware's time.
  var now: Instant { runtime.now }

  /// Runs what is due now and sends the frames drawn to the display.
  mutating func settle() {
    runtime.advance(to: runtime.now)
  }

  /// Feeds one stimulus at the current time.
  mutating func apply(_ stimulus: Stimulus) {
    let now = runtime.now
    switch stimulus {
    case .press(let key):
      runtime.peripherals.pressed(key)
      runtime.handle(KeyEvent(.press, key, at: now + clockOffset), arrivedAt: now)
    case .release(let key):
      // Timers due now run before the keypad changes.
      settle()
      guard runtime.peripherals.released(key) else { return }
      runtime.handle(KeyEvent(.release, key, at: now + clockOffset), arrivedAt: now)
    case .wait(let duration):
      runtime.advance(to: now + duration)
    case .unplug:
      runtime.keypad(connected: false)
    case .replug:
      runtime.keypad(connected: true)
    }
  }

  /// Feeds a recorded key edge, stamped on the recording's clock (the
  /// runtime's input clock is rebased on it), when it happens.
  mutating func deliver(_ event: KeyEvent) {
    let happens = runtime.supervisor.inputClock.instant(of: event.time)
    // The keypad's state changes when the edge happens, not before.
    runtime.advance(to: happens)
    if event.action == .press { runtime.peripherals.pressed(event.key) }
    if event.action == .release, !runtime.peripherals.released(event.key) { return }
    runtime.handle(
      KeyEvent(event.action, event.key, at: event.time + clockOffset), arrivedAt: happens)
  }

  /// Does what `fault …` says, behind the firmware's back; `seed` chooses
  /// the garbage.
  mutating func inject(_ fault: ScenarioFault, seed: UInt64) {
    settle()
    switch fault {
    case .lcdGarbage:
      runtime.peripherals.inject(.scramble(seed: seed))
    case .lcdReset:
      runtime.peripherals.inject(.powerCycle)
    case .busDown(let duration):
      runtime.peripherals.busDown(for: duration, at: runtime.now)
    case .stuck(let key):
      runtime.peripherals.loseNextRelease(of: key)
    case .clockJump(let duration):
      clockOffset += duration
    }
  }
}
