import CharacterLCD
import DisplayDriver
import Firmware
import Host
import KeypadInput
import Runtime
import SimulatedPeers
import Supervision
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A clock that moves on by `step` each time the loop reads it, as time
/// passes while a real loop waits and works.
private final class SteppingClock: RunClock {
  private(set) var current: Instant = .zero
  let step: Duration
  init(step: Duration) { self.step = step }
  var now: Instant {
    current = current + step
    return current
  }
}

/// Stops the loop once the clock is past `until`.
private struct StopAt: RunSignals {
  let clock: SteppingClock
  let until: Instant
  var stopRequested: Bool { clock.current >= until }
  mutating func takeReportRequest() -> Bool { false }
}

/// A session as `t9phone run --input lcdproc` sets it up, with the simulated
/// LCDd on the other end of the client's sockets: the real `LCDprocSource`,
/// `PhoneSession` and `RunLoop`, only the descriptors faked.
private func makeSession(
  folder: String, clock: SteppingClock
) throws -> PhoneSession<DisplayPair<LCDprocDisplay<SimulatedLCDd>, NoDisplay>> {
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
  return try PhoneSession(settings, log: .disabled, ring: LogRing(capacity: 8), clock: clock) {
    geometry, log in
    DisplayPair(
      LCDprocDisplay(
        geometry: geometry, keymap: keymap,
        system: SimulatedLCDd(width: geometry.columns, height: geometry.rows), log: log),
      mirroredOn: NoDisplay())
  }
}

/// A new empty folder under the system's temporary folder.
private func newFolder() -> String {
  var template = Array("/tmp/t9phone-loop-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) } != nil
  }
  #expect(made)
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Runs the loop on `session` until the clock passes `until`.
private func run(
  _ session: inout PhoneSession<DisplayPair<LCDprocDisplay<SimulatedLCDd>, NoDisplay>>,
  _ source: inout LCDprocSource<SimulatedLCDd, NoDisplay>, clock: SteppingClock, until: Instant
) {
  var signals = StopAt(clock: clock, until: until)
  RunLoop.run(&session.runtime, source: &source, clock: clock, signals: &signals)
}

@Test func aKeyFromLCDdRunsThroughTheLoopToThePhoneAndItsFrameBackToLCDd() throws {
  let clock = SteppingClock(step: .milliseconds(1))
  var session = try makeSession(folder: newFolder(), clock: clock)
  var source = LCDprocSource<SimulatedLCDd, NoDisplay>(
    address: "simulated", keymapName: "test", extra: .none, log: .disabled)
  session.runtime.advance(to: clock.now)
  run(&session, &source, clock: clock, until: Instant(microseconds: 500_000))
  // The loop woke for the client's own deadlines: connected, greeted, shown.
  let lcdd = session.runtime.peripherals.display.primary.system
  #expect(lcdd.isConnected)
  #expect(lcdd.reservedKeys == ["Five", "Back"])
  #expect(session.phone.screenName == "idle")
  #expect(lcdd.rows.joined().contains("10:0"))

  // LCDd sends a key line; the loop reads it off the socket, the phone
  // opens the dialer, and its frame goes back over the same connection.
  let pressed = session.runtime.peripherals.display.primary.system.pressKey("Five")
  #expect(pressed)
  run(&session, &source, clock: clock, until: Instant(microseconds: 1_500_000))
  #expect(session.phone.screenName == "dialer")
  #expect(session.runtime.supervisor.statistics.keyPresses == 1)
  #expect(session.runtime.peripherals.display.primary.system.rows.joined().contains("5"))
  #expect(session.runtime.peripherals.isUpToDate)
}

@Test func theLoopBringsARestartedLCDdBackAndRedrawsThePhoneOnIt() throws {
  let clock = SteppingClock(step: .milliseconds(1))
  var session = try makeSession(folder: newFolder(), clock: clock)
  var source = LCDprocSource<SimulatedLCDd, NoDisplay>(
    address: "simulated", keymapName: "test", extra: .none, log: .disabled)
  session.runtime.advance(to: clock.now)
  run(&session, &source, clock: clock, until: Instant(microseconds: 500_000))
  let pressed = session.runtime.peripherals.display.primary.system.pressKey("Five")
  #expect(pressed)
  run(&session, &source, clock: clock, until: Instant(microseconds: 1_000_000))
  let before = session.runtime.peripherals.display.primary.system.rows
  // LCDd restarts: the connection drops and its screens are forgotten.
  session.runtime.peripherals.display.primary.system.dropConnection()
  run(&session, &source, clock: clock, until: Instant(microseconds: 3_000_000))
  let lcdd = session.runtime.peripherals.display.primary.system
  #expect(lcdd.connections == 2)
  #expect(lcdd.isConnected)
  #expect(lcdd.rows == before)
  #expect(session.runtime.peripherals.isUpToDate)
  #expect(session.phone.screenName == "dialer")
  #expect(session.runtime.peripherals.figures.displayRecoveries >= 1)
}
