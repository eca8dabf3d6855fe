import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import SimulatedPeers
import Supervision
import TestSupport
import Testing

/// Firmware time `milliseconds` after instant zero.
func ms(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

/// What surrounds the firmware in these tests: a simulated HD44780 behind
/// its real driver, a keypad that knows which keys are down, and a book
/// file with writes waiting. Every question the watchdog asks is recorded.
struct TestPeripherals: SupervisedPeripherals {
  var display: SimulatedModule
  /// Keys down on the keypad.
  var keysDown: Set<Key> = []
  /// Whether the keypad can say which keys are down.
  var keypadKnows = true
  /// Looks (1-based, counted over every look) at which the glass is said
  /// to differ whatever the module shows; every look when `alwaysDiffers`.
  var differingLooks: Set<Int> = []
  var alwaysDiffers = false
  /// The parts looked at, in order.
  var checkedParts: [Int] = []
  /// When the display was redrawn.
  var redraws: [Instant] = []
  /// Book writes not on disk, and how many stay so after a flush.
  var unflushed = 0
  var stillWaitingAfterFlush = 0
  var flushCalls = 0
  var framesShown = 0

  init(display: SimulatedModule) {
    self.display = display
  }

  mutating func show(_ frame: LCDFrame, at time: Instant) {
    framesShown += 1
    display.show(frame, at: time)
  }

  mutating func service(at time: Instant) { display.service(at: time) }

  var nextDeadline: Instant? { display.nextDeadline }

  var glassParts: Int { display.glassParts }

  mutating func checkGlass(part: Int) -> GlassCheck {
    checkedParts.append(part)
    if alwaysDiffers || differingLooks.contains(checkedParts.count) {
      return .cellDiffers(row: 0, column: 3, shown: 0x41, expected: 0x42)
    }
    return display.checkGlass(part: part)
  }

  mutating func redraw(at time: Instant) {
    redraws.append(time)
    display.redraw(at: time)
  }

  func deviceKeyIsDown(_ key: Key) -> Bool? { keypadKnows ? keysDown.contains(key) : nil }

  var unflushedBookWrites: Int { unflushed }

  mutating func flushBookWrites() -> Int {
    flushCalls += 1
    unflushed = stillWaitingAfterFlush
    return stillWaitingAfterFlush
  }
}

/// A supervised phone on test peripherals, driven as a device loop does:
/// edges stamped and read at the same firmware time.
struct SupervisorRig: ~Copyable {
  var supervisor: Supervisor
  var peripherals: TestPeripherals
  let collector: LogCollector
  let ring: LogRing

  init(
    phone: consuming Phone? = nil, geometry: LCDGeometry = .lcd16x2, start: StartScreen = .idle,
    settings: PhoneSettings = PhoneSettings(),
    supervisorSettings: SupervisorSettings = SupervisorSettings(), boot: Instant = .zero
  ) {
    let collector = LogCollector()
    let ring = LogRing(capacity: 16)
    self.collector = collector
    self.ring = ring
    let keep = collector.log
    let log = Log(minimumLevel: .debug) { record in
      ring.append(record)
      keep(record.level, record.tag, record.message)
    }
    let booted: Phone
    switch consume phone {
    case .some(let given): booted = given
    case .none:
      booted = Phone(settings: settings, geometry: geometry, log: log, start: start, at: boot)
    }
    let bootedGeometry = booted.geometry
    supervisor = Supervisor(
      PhoneHarness(booted, recordsFrames: true), start: start, settings: supervisorSettings,
      log: log, logRing: ring)
    peripherals = TestPeripherals(
      display: SimulatedModule(geometry: bootedGeometry, rom: .a00, log: log))
    // The first frame reaches the display, as a device loop's first advance does.
    supervisor.advance(to: supervisor.now, &peripherals)
  }

  var now: Instant { supervisor.now }

  mutating func press(_ key: Key, at time: Instant) {
    peripherals.keysDown.insert(key)
    supervisor.handle(KeyEvent(.press, key, at: time), arrivedAt: time, &peripherals)
  }

  mutating func release(_ key: Key, at time: Instant) {
    peripherals.keysDown.remove(key)
    supervisor.handle(KeyEvent(.release, key, at: time), arrivedAt: time, &peripherals)
  }

  /// Taps `key` at `time`, held 80 ms.
  mutating func tap(_ key: Key, at time: Instant) {
    press(key, at: time)
    release(key, at: time + .milliseconds(80))
  }

  /// Taps each key in turn, one every `every`, the first at the current time
  /// plus `every`; returns when the last was released.
  mutating func tap(_ keys: Key..., every: Duration = .milliseconds(300)) {
    for key in keys { tap(key, at: now + every) }
  }

  mutating func advance(to time: Instant) {
    supervisor.advance(to: time, &peripherals)
  }

  /// The firmware's frame now.
  var frame: LCDFrame {
    mutating get { supervisor.frame }
  }

  /// The firmware's rows now.
  var rows: [String] {
    mutating get { supervisor.rows }
  }

  /// Whether the simulated module shows the firmware's frame.
  var glassShowsFrame: Bool {
    mutating get { peripherals.display.shows(supervisor.frame) }
  }

  /// The records logged with `tag`.
  func records(_ tag: LogTag) -> [LogRecord] {
    collector.records.filter { $0.tag == tag }
  }
}

extension SimulatedModule {
  /// Fills the module's DDRAM with garbage chosen by `seed`, behind the
  /// driver's back.
  mutating func scramble(seed: UInt64) { inject(.scramble(seed: seed)) }

  /// The module loses power and comes back blank.
  mutating func powerCycle() { inject(.powerCycle) }
}
