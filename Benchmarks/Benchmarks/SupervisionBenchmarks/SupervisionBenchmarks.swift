import Benchmark
import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import SimulatedPeers
import Supervision

/// A simulated module behind the real I2C driver, and a keypad that says
/// every key is where the firmware thinks: what a healthy board gives the
/// supervisor.
struct BenchPeripherals: SupervisedPeripherals {
  var display = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  var keysDown: UInt32 = 0

  mutating func show(_ frame: LCDFrame, at time: Instant) { display.show(frame, at: time) }
  mutating func service(at time: Instant) { display.service(at: time) }
  var nextDeadline: Instant? { display.nextDeadline }
  var glassParts: Int { display.glassParts }
  mutating func checkGlass(part: Int) -> GlassCheck { display.checkGlass(part: part) }
  mutating func redraw(at time: Instant) { display.redraw(at: time) }
  func deviceKeyIsDown(_ key: Key) -> Bool? { keysDown & (1 << UInt32(key.index)) != 0 }
  var unflushedBookWrites: Int { 0 }
  mutating func flushBookWrites() -> Int { 0 }
}

/// Holds the supervised phone so every iteration changes it in place.
final class SupervisedBox: @unchecked Sendable {
  var supervisor: Supervisor
  var peripherals = BenchPeripherals()
  var time: Instant

  init(start: StartScreen) {
    var settings = PhoneSettings()
    settings.defaultMode = .multitap
    let phone = Phone(settings: settings, start: start)
    supervisor = Supervisor(PhoneHarness(phone, recordsFrames: true), start: start, log: .disabled)
    time = supervisor.now
    // Warm up: the recorder's ring and the driver's buffers fill once.
    for index in 0..<3000 { tap(index % 2 == 0 ? .two : .back) }
  }

  /// One tap of `key` with the gaps of fast typing; the edges go through
  /// the supervisor (recorded, time-checked) to the phone and the display.
  func tap(_ key: Key) {
    peripherals.keysDown |= 1 << UInt32(key.index)
    supervisor.handle(KeyEvent(.press, key, at: time), arrivedAt: time, &peripherals)
    time = time + .milliseconds(80)
    peripherals.keysDown = 0
    supervisor.handle(KeyEvent(.release, key, at: time), arrivedAt: time, &peripherals)
    time = time + .milliseconds(150)
  }
}

let benchmarks: @Sendable () -> Void = {
  let perOperation = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 200,
    maxDuration: .seconds(2), maxIterations: 100_000,
    thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])

  // One key press and release through the supervisor: the input clock's
  // check, the flight recorder's ring, the phone, the frame to the driver.
  // A letter, then back, so the message never fills.
  let typing = SupervisedBox(start: .compose)
  let keys: [Key] = [.two, .back, .five, .back, .nine, .back]
  var next = 0
  Benchmark("SupervisedKeyPress", configuration: perOperation) { benchmark in
    for _ in benchmark.scaledIterations {
      typing.tap(keys[next])
      next = (next + 1) % keys.count
    }
    blackHole(typing.supervisor.recorder.recorded)
  }

  // One look of the watchdog on a healthy phone: held keys against the
  // keypad, the firmware's state, one part of the glass read back through
  // the backpack (16x2: the whole DDRAM), nothing to repair.
  let idle = SupervisedBox(start: .compose)
  Benchmark("WatchdogTick", configuration: perOperation) { benchmark in
    for _ in benchmark.scaledIterations {
      idle.time = idle.supervisor.watchdog.nextCheck
      idle.supervisor.advance(to: idle.time, &idle.peripherals)
    }
    blackHole(idle.supervisor.watchdog.checks)
    // Every look reads the glass back: bytes come back through the expander.
    blackHole(idle.peripherals.display.statistics.bytesReceived)
  }
}
