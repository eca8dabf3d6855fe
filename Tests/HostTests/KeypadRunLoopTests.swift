import Board
import CharacterLCD
import DisplayDriver
import EvdevDevice
import EvdevInput
import Firmware
import Host
import InputTestSupport
import KeypadInput
import Runtime
import Supervision
import Testing
import Vocabulary

private let kp5: UInt16 = 76
private let keypadPath = "/dev/input/event5"

/// `t9phone run` on a scripted evdev keypad: the real session, keypad
/// source and loop, the keypad's descriptors and events scripted; the
/// device's clock is 1 s ahead of the firmware's.
private struct KeypadRun: ~Copyable {
  let clock = SteppingClock(step: .milliseconds(1))
  let system = FakeInputSystem()
  var session: PhoneSession<NoDisplay, FakeInputSystem, LineModem>
  var source: KeypadSource<NoDisplay, FakeInputSystem>

  init() throws {
    var phone = PhoneSettings()
    phone.clockAtStart = 10 * 60
    let folder = temporaryFolder()
    let settings = SessionSettings(
      phone: phone, geometry: .lcd16x2, rom: .a00, state: folder,
      dictionaryFolder: folder + "/none", book: nil, contactsFixture: folder + "/none.vcf",
      recorderEdges: 64, metricsFile: nil, reportsPath: folder + "/reports", keepReports: 2)
    var session = try PhoneSession(
      settings, log: .disabled, ring: LogRing(capacity: 8), clock: clock,
      keypad: FakeInputSystem.self, modem: LineModem.self
    ) { _, _ in NoDisplay() }
    let keymap = Keymap(name: "five", keys: [kp5: .five])
    system.devices[keypadPath] = .init(name: "USB Keypad", keys: [kp5])
    var connection = KeypadConnection(
      input: keypadPath, codes: keymap.codes, grab: true, system: system)
    _ = try connection.open()
    session.runtime.peripherals.keymap = keymap
    session.runtime.peripherals.keypad = connection
    // The fake kernel's clock reads one second at the firmware's zero.
    session.runtime.rebaseInput(origin: 1_000_000, start: .zero)
    session.runtime.advance(to: clock.now)
    self.session = session
    source = KeypadSource(
      keymap: keymap, path: keypadPath, display: .none,
      service: ServiceSupervision(log: .disabled))
  }

  /// Runs the loop to `milliseconds` of the firmware's clock, then queues
  /// a key edge of `kp5` on the device stamped then: the kernel stamps an
  /// edge when it happens, and the loop reads it after.
  mutating func edge(_ value: Int32, at milliseconds: Int32) {
    run(until: Int64(milliseconds))
    system.devices[keypadPath]?.queue.append(
      .event(
        InputEvent(
          seconds: 1, microseconds: milliseconds * 1000, type: InputEvent.key, code: kp5,
          value: value)))
  }

  /// Runs the loop until the clock passes `milliseconds`.
  mutating func run(until milliseconds: Int64) {
    var signals = StopAt(clock: clock, until: Instant(microseconds: milliseconds * 1000))
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
  }

  /// The rows of the frame shown last.
  var rows: [String] {
    session.runtime.peripherals.lastFrame.map(TextFrameRenderer.rows) ?? []
  }
}

@Test func aTapOnTheKeypadIsReadOffItsDescriptorPlacedOnTheFirmwaresClockAndShown() throws {
  var run = try KeypadRun()
  run.run(until: 200)
  #expect(run.session.phone.screenName == "idle")
  run.edge(1, at: 250)
  run.edge(0, at: 330)
  run.run(until: 1_500)
  #expect(run.session.phone.screenName == "dialer")
  #expect(run.session.runtime.supervisor.statistics.keyPresses == 1)
  #expect(run.rows.joined().contains("5"))
  // The kernel's stamps landed on the firmware's clock through the
  // rebased input clock: no jump was found, nothing was repaired.
  #expect(run.session.runtime.supervisor.inputClock.jumps == 0)
  #expect(run.session.runtime.supervisor.watchdog.repairs.total == 0)
  // The device was grabbed and read on the monotonic clock.
  #expect(run.system.grabs.first?.on == true)
  #expect(!run.system.monotonicHandles.isEmpty)
}

@Test func aKeyHeldOnTheKeypadStaysDownForTheWatchdogUntilItsRelease() throws {
  var run = try KeypadRun()
  run.run(until: 200)
  run.edge(1, at: 250)
  run.run(until: 2_500)
  // Still down on the device: no release came, and the watchdog's looks
  // found the key down on the device, so nothing was released for it.
  #expect(run.session.runtime.supervisor.statistics.keyPresses == 1)
  #expect(run.session.runtime.supervisor.watchdog.checks >= 2)
  #expect(run.session.runtime.peripherals.deviceKeyIsDown(.five) == true)
  run.edge(0, at: 2_600)
  run.run(until: 3_000)
  #expect(run.session.runtime.peripherals.deviceKeyIsDown(.five) == false)
}

@Test func anUnpluggedKeypadIsRiddenOutWithThePhonesStateKept() throws {
  var run = try KeypadRun()
  run.run(until: 200)
  run.edge(1, at: 250)
  run.edge(0, at: 330)
  run.run(until: 600)
  run.system.devices[keypadPath]?.queue.append(.error(19))
  run.run(until: 1_500)
  // The glass says so, the phone keeps what was typed, and the loop goes
  // on without the device.
  #expect(run.session.runtime.peripherals.keypad?.device == nil)
  #expect(run.rows.joined().contains("disconnected"))
  #expect(run.session.phone.screenName == "dialer")
  #expect(run.session.runtime.now >= Instant(microseconds: 1_499_000))
}
