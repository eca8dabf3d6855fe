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
/// Stimuli arrive through the scenario's keypad (`ScenarioInputSource`),
/// one turn of the loop (`RunLoop.turn`) each, on a clock moved by hand.
/// The scenario runner and the fault soak both drive one.
struct ScenarioBoard<Glass: SimulatedDisplay>: ~Copyable {
  /// The supervised firmware, the display and keypad around it, and the
  /// store the reports wait in. Changing it (or reading through a mutating
  /// path) first hands over a key edge still held for the wait after it.
  var runtime: PhoneRuntime<ScenarioPeripherals<Glass>, ScenarioStore> {
    _read { yield storage }
    _modify {
      flush()
      yield &storage
    }
  }
  private var storage: PhoneRuntime<ScenarioPeripherals<Glass>, ScenarioStore>
  /// A press, release, unplug or replug not yet handed over: it goes with
  /// the wait that follows it, in one turn.
  private var heldEdge: Stimulus?
  /// The scenario's keypad, the input source the loop's turn runs.
  private var keypad: ScenarioInputSource<Glass>
  /// The clock the keypad moves.
  private let clock: VirtualClock

  /// A board running `supervisor`'s phone on `peripherals`; `header` is
  /// what the scenario's reports would carry.
  init(
    supervisor: consuming Supervisor, peripherals: ScenarioPeripherals<Glass>, header: ReportHeader
  ) {
    let clock = VirtualClock(now: supervisor.now)
    self.clock = clock
    keypad = ScenarioInputSource(clock: clock)
    storage = PhoneRuntime(
      supervisor: supervisor, peripherals: peripherals, store: ScenarioStore(), header: header)
  }

  /// The firmware's time (a held edge happens at it).
  var now: Instant { storage.now }

  /// Runs what is due now and sends the frames drawn to the display.
  mutating func settle() {
    flush()
    storage.advance(to: storage.now)
  }

  /// Feeds one stimulus at the current time. A key edge (or an unplug or
  /// replug) is held until the next stimulus: followed by a wait, the two
  /// are one turn of the loop — the edge handed over now, then the clock
  /// moved on — as a keypad's edge and the quiet after it are.
  mutating func apply(_ stimulus: Stimulus) {
    if case .wait(let duration) = stimulus {
      let edge = heldEdge
      heldEdge = nil
      turn(edge.map { .stimulus($0) }, waitAfter: duration)
      return
    }
    flush()
    heldEdge = stimulus
  }

  /// Feeds a recorded key edge, stamped on the recording's clock (the
  /// runtime's input clock is rebased on it), when it happens.
  mutating func deliver(_ event: KeyEvent) {
    flush()
    turn(.recorded(event), waitAfter: .zero)
  }

  /// Hands over the edge held for a wait that did not come.
  mutating func flush() {
    guard let edge = heldEdge else { return }
    heldEdge = nil
    turn(.stimulus(edge), waitAfter: .zero)
  }

  /// One turn of the loop: `input` (if any) handed over now, then the
  /// clock moved `waitAfter` on.
  private mutating func turn(_ input: ScenarioInput?, waitAfter: Duration) {
    keypad.pending = input
    keypad.waitAfter = waitAfter
    var signals = NoSignals()
    RunLoop.turn(&storage, source: &keypad, clock: clock, signals: &signals)
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
      keypad.clockOffset += duration
    case .modemSilent, .modemReset, .modemGone, .modemResetMidSend, .modemHung:
      let now = runtime.now
      runtime.peripherals.withNetwork { $0.apply(fault, at: now) }
    }
  }

  /// Does what `network …` says.
  mutating func network(_ action: NetworkAction) {
    settle()
    let now = runtime.now
    runtime.peripherals.withNetwork { $0.perform(action, at: now) }
  }
}
