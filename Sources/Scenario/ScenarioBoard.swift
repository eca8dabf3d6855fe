import Firmware
import KeypadInput
import SimulatedPeers
import Supervision

/// The board a scenario runs on: the supervised firmware, the simulated
/// display and keypad around it, and the faults injected behind its back.
/// Stimuli arrive as a keypad delivers them — stamped on the input clock
/// (which `fault clock-jump` moves), a release lost when `fault stuck` said
/// so. The scenario runner and the fault soak both drive one.
struct ScenarioBoard<Glass: SimulatedDisplay> {
  /// The firmware under supervision.
  var supervisor: Supervisor
  /// The display and keypad around it.
  var peripherals: ScenarioPeripherals<Glass>
  /// How far the input clock is off the firmware's (`fault clock-jump`).
  private(set) var clockOffset: Duration = .zero

  init(supervisor: Supervisor, peripherals: ScenarioPeripherals<Glass>) {
    self.supervisor = supervisor
    self.peripherals = peripherals
  }

  /// The firmware's time.
  var now: Instant { supervisor.now }

  /// Runs what is due now and sends the frames drawn to the display.
  mutating func settle() {
    supervisor.advance(to: supervisor.now, &peripherals)
  }

  /// Feeds one stimulus at the current time.
  mutating func apply(_ stimulus: Stimulus) {
    let now = supervisor.now
    switch stimulus {
    case .press(let key):
      peripherals.pressed(key)
      supervisor.handle(
        KeyEvent(.press, key, at: now + clockOffset), arrivedAt: now, &peripherals)
    case .release(let key):
      // Timers due now run before the keypad changes.
      settle()
      guard peripherals.released(key) else { return }
      supervisor.handle(
        KeyEvent(.release, key, at: now + clockOffset), arrivedAt: now, &peripherals)
    case .wait(let duration):
      supervisor.advance(to: now + duration, &peripherals)
    case .unplug:
      supervisor.keypad(connected: false, &peripherals)
    case .replug:
      supervisor.keypad(connected: true, &peripherals)
    }
  }

  /// Feeds a recorded key edge at its time (on the firmware's clock).
  mutating func deliver(_ event: KeyEvent) {
    // The keypad's state changes when the edge happens, not before.
    supervisor.advance(to: event.time, &peripherals)
    if event.action == .press { peripherals.pressed(event.key) }
    if event.action == .release, !peripherals.released(event.key) { return }
    supervisor.handle(
      KeyEvent(event.action, event.key, at: event.time + clockOffset), arrivedAt: event.time,
      &peripherals)
  }

  /// Does what `fault …` says, behind the firmware's back; `seed` chooses
  /// the garbage.
  mutating func inject(_ fault: ScenarioFault, seed: UInt64) {
    settle()
    switch fault {
    case .lcdGarbage:
      peripherals.inject(.scramble(seed: seed))
    case .lcdReset:
      peripherals.inject(.powerCycle)
    case .busDown(let duration):
      peripherals.busDown(for: duration, at: supervisor.now)
    case .stuck(let key):
      peripherals.loseNextRelease(of: key)
    case .clockJump(let duration):
      clockOffset += duration
    }
  }
}
