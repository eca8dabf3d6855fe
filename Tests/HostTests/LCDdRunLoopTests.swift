import Board
import CharacterLCD
import DisplayDriver
import EvdevDevice
import Firmware
import Host
import KeypadInput
import Runtime
import SimulatedPeers
import Supervision
import Testing

/// A session as `t9phone run --input lcdproc` sets it up, with the simulated
/// LCDd on the other end of the client's sockets: the real `LCDprocSource`,
/// `PhoneSession` and `RunLoop`, only the descriptors faked.
private func makeSession(
  folder: String, clock: SteppingClock
) throws -> PhoneSession<
  DisplayPair<DisplayChoice<LCDprocDisplay<SimulatedLCDd>, NoDisplay>, NoDisplay>,
  LinuxInputSystem, LineModem
> {
  var phone = PhoneSettings()
  phone.clockAtStart = 10 * 60
  var settings = SessionSettings(
    phone: phone, geometry: .lcd16x2, rom: .a00, state: folder,
    dictionaryFolder: folder + "/no-dictionaries", book: nil,
    contactsFixture: folder + "/no-contacts.vcf", recorderEdges: 64, metricsFile: nil,
    reportsPath: folder + "/reports", keepReports: 2)
  settings.clockMinutes = 10 * 60
  let keymap = LCDprocKeymap(
    name: "test", mappings: [.init(name: "Five", key: .five), .init(name: "Back", key: .back)])
  return try PhoneSession(
    settings, log: .disabled, ring: LogRing(capacity: 8), clock: clock,
    keypad: LinuxInputSystem.self, modem: LineModem.self
  ) {
    geometry, log in
    DisplayPair(
      DisplayChoice(
        LCDprocDisplay(
          geometry: geometry, keymap: keymap,
          system: SimulatedLCDd(width: geometry.columns, height: geometry.rows), log: log)),
      mirroredOn: NoDisplay())
  }
}

/// `t9phone run --input lcdproc` on the simulated LCDd: the session, its
/// source and a stepping clock, run in stretches between which a test
/// plays LCDd's part.
private struct LCDdRun: ~Copyable {
  let clock = SteppingClock(step: .milliseconds(1))
  var session:
    PhoneSession<
      DisplayPair<DisplayChoice<LCDprocDisplay<SimulatedLCDd>, NoDisplay>, NoDisplay>,
      LinuxInputSystem, LineModem
    >
  var source = LCDprocSource<SimulatedLCDd, NoDisplay, NoDisplay>(
    address: "simulated", keymapName: "test", extra: .none, log: .disabled)

  /// A session brought to the clock once, as the runner does before its loop.
  init() throws {
    session = try makeSession(folder: temporaryFolder(), clock: clock)
    session.runtime.advance(to: clock.now)
  }

  /// LCDd as the client's sockets see it.
  var lcdd: SimulatedLCDd {
    get { session.runtime.peripherals.display.primary.first?.system ?? SimulatedLCDd() }
    set { session.runtime.peripherals.display.primary.first?.system = newValue }
  }

  /// Runs the loop until the clock passes `milliseconds`.
  mutating func run(until milliseconds: Int64) {
    var signals = StopAt(clock: clock, until: Instant(microseconds: milliseconds * 1000))
    RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
  }
}

@Test func aKeyFromLCDdRunsThroughTheLoopToThePhoneAndItsFrameBackToLCDd() throws {
  var run = try LCDdRun()
  run.run(until: 500)
  // The loop woke for the client's own deadlines: connected, greeted, shown.
  #expect(run.lcdd.isConnected)
  #expect(run.lcdd.reservedKeys == ["Five", "Back"])
  #expect(run.session.phone.screenName == "idle")
  #expect(run.lcdd.rows.joined().contains("10:0"))

  // LCDd sends a key line; the loop reads it off the socket, the phone
  // opens the dialer, and its frame goes back over the same connection.
  let pressed = run.lcdd.pressKey("Five")
  #expect(pressed)
  run.run(until: 1_500)
  #expect(run.session.phone.screenName == "dialer")
  #expect(run.session.runtime.supervisor.statistics.keyPresses == 1)
  #expect(run.lcdd.rows.joined().contains("5"))
  #expect(run.session.runtime.peripherals.isUpToDate)
}

@Test func theLoopBringsARestartedLCDdBackAndRedrawsThePhoneOnIt() throws {
  var run = try LCDdRun()
  run.run(until: 500)
  let pressed = run.lcdd.pressKey("Five")
  #expect(pressed)
  run.run(until: 1_000)
  let before = run.lcdd.rows
  // LCDd restarts: the connection drops and its screens are forgotten.
  run.lcdd.dropConnection()
  run.run(until: 3_000)
  #expect(run.lcdd.connections == 2)
  #expect(run.lcdd.isConnected)
  #expect(run.lcdd.rows == before)
  #expect(run.session.runtime.peripherals.isUpToDate)
  #expect(run.session.phone.screenName == "dialer")
  #expect(run.session.runtime.peripherals.figures.displayRecoveries >= 1)
}
