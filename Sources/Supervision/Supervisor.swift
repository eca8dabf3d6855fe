import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import Vocabulary

/// The firmware under supervision: the phone's harness, the watchdog that
/// looks at it and at the glass once a second, the flight recorder of its
/// inputs, and this run's counters.
///
/// Every input goes through here on its way to the harness — recorded,
/// its time checked — and every frame on its way to the display. The
/// watchdog's look is a deadline like the phone's own, so a scenario runs
/// it at exactly the same virtual times on every run, and a device loop
/// just waits until `nextDeadline`. Allocation-free on the way of a key
/// press and of a healthy look.
public struct Supervisor {
  /// The firmware and its clock.
  public internal(set) var harness: PhoneHarness
  /// The watchdog's state and counts.
  public internal(set) var watchdog: Watchdog
  /// The recent inputs.
  public internal(set) var recorder: FlightRecorder
  /// This run's counters (repairs, stuck keys, key presses, unplugs; the
  /// run loop adds what only it sees).
  public var statistics = FieldStatistics()
  /// The input clock's keeper.
  public private(set) var clockGuard = InputClockGuard()
  /// The settings it was started with.
  public let settings: SupervisorSettings
  let log: Log
  let logRing: LogRing?
  var reports: [FlightReport] = []
  var findings: [Repair] = []
  /// The key of the edge being handled: the keypad already says where it
  /// is, the firmware does not know yet, so checks on the way skip it.
  var arriving: Key?
  /// When held keys were last compared with the keypad.
  private var lastKeyCheck = Instant.zero
  private var seenStuckKeys = 0
  private var seenLostReleases = 0

  /// Supervises `harness`, whose phone booted on `start`; `logRing`, when
  /// given, is where the log's sink keeps recent records for reports.
  public init(
    _ harness: PhoneHarness, start: StartScreen = .idle,
    settings: SupervisorSettings = SupervisorSettings(), log: Log, logRing: LogRing? = nil
  ) {
    self.harness = harness
    self.settings = settings
    self.log = log
    self.logRing = logRing
    watchdog = Watchdog(interval: settings.interval, start: harness.now)
    recorder = FlightRecorder(
      capacity: settings.recorderEdges, phone: harness.phone, start: start)
    reports.reserveCapacity(4)
    findings.reserveCapacity(8)
  }

  /// The phone.
  public var phone: Phone { harness.phone }

  /// The firmware's time.
  public var now: Instant { harness.now }

  /// When the phone or the watchdog next needs to run without input.
  public var nextDeadline: Instant? {
    guard settings.watchdog else { return harness.nextDeadline }
    var due = watchdog.nextCheck
    if let keys = keyCheckDue, keys < due { due = keys }
    guard let phone = harness.nextDeadline else { return due }
    return phone < due ? phone : due
  }

  /// When held keys are next compared with the keypad (only while any is
  /// held).
  private var keyCheckDue: Instant? {
    guard settings.watchdog, harness.phone.keysDownCount > 0 else { return nil }
    return lastKeyCheck + settings.keyCheckInterval
  }

  // MARK: - Inputs

  /// A key edge from the keypad, stamped on the input clock and read at
  /// `arrival` (firmware time): its time is checked, the watchdog's looks
  /// due before it run, it is recorded and handed to the phone, and the
  /// glass follows.
  public mutating func handle<P: SupervisedPeripherals>(
    _ event: KeyEvent, arrivedAt arrival: Instant, _ peripherals: inout P
  ) {
    let placed = clockGuard.place(event.time, arrivedAt: arrival, firmwareNow: harness.now)
    arriving = event.key
    advance(to: placed.time, &peripherals)
    arriving = nil
    if let jump = placed.jump {
      let milliseconds = jump.wholeMilliseconds
      repaired(
        .clock,
        milliseconds < 0
          ? "input clock jumped back \(-milliseconds) ms: edges re-based onto the firmware's clock"
          : "input clock jumped ahead \(milliseconds) ms: edges re-based onto the firmware's clock")
    }
    feed(event.action, event.key, &peripherals)
  }

  /// Records and hands over one key edge at the firmware's time.
  mutating func feed<P: SupervisedPeripherals>(
    _ action: KeyEvent.Action, _ key: Key, _ peripherals: inout P
  ) {
    switch action {
    case .press:
      // Held keys are compared with the keypad from their first press on.
      if harness.phone.keysDownCount == 0 { lastKeyCheck = harness.now }
      let edge = RecordedEdge(.press, key, at: harness.now)
      // A press at rest starts a stretch a report can replay from.
      if harness.phone.isAtRest {
        recorder.mark(harness.phone, at: edge.time)
      }
      recorder.record(edge)
      statistics.keyPresses &+= 1
    case .release:
      recorder.record(RecordedEdge(.release, key, at: harness.now))
    case .autorepeat:
      break
    }
    harness.handle(KeyEvent(action, key, at: harness.now))
    countKeypadFindings()
    show(&peripherals)
  }

  /// The keypad went away (`connected` false) or came back, now.
  public mutating func keypad<P: SupervisedPeripherals>(
    connected: Bool, _ peripherals: inout P
  ) {
    recorder.record(RecordedEdge(connected ? .replug : .unplug, at: harness.now))
    if connected {
      harness.keypadConnected()
    } else {
      statistics.keypadUnplugs &+= 1
      harness.keypadDisconnected()
    }
    show(&peripherals)
  }

  /// Moves the clock to `time`: the phone's timers, the peripherals'
  /// deadlines and the watchdog's looks due on the way run in time order.
  public mutating func advance<P: SupervisedPeripherals>(to time: Instant, _ peripherals: inout P) {
    var peripheralsSettled = false
    while true {
      var next: Instant?
      if !peripheralsSettled, let due = peripherals.nextDeadline {
        next = due < harness.now ? harness.now : due
      }
      let watchdogDue =
        settings.watchdog && next.map { watchdog.nextCheck <= $0 } ?? settings.watchdog
      if watchdogDue { next = watchdog.nextCheck < harness.now ? harness.now : watchdog.nextCheck }
      var keysDue = false
      if let keys = keyCheckDue, next.map({ keys < $0 }) ?? true {
        keysDue = true
        next = keys < harness.now ? harness.now : keys
      }
      guard let at = next, at <= time else { break }
      if keysDue {
        // A release lost since the last look is made just before this
        // look's time: after the phone's timers due before it, before any
        // due at it (a long press falls on a look), so a tap stays a tap.
        lastKeyCheck = at
        let justBefore = Instant(microseconds: at.microseconds - 1)
        harness.advance(to: justBefore)
        findings.removeAll(keepingCapacity: true)
        checkKeys(&peripherals)
        reportFindings()
        harness.advance(to: at)
        countKeypadFindings()
        show(&peripherals)
        continue
      }
      harness.advance(to: at)
      countKeypadFindings()
      show(&peripherals)
      peripherals.service(at: at)
      if watchdogDue {
        check(&peripherals)
      } else if let again = peripherals.nextDeadline, again <= at {
        // A peripheral that stays due after its service waits for the end
        // of this advance rather than spinning.
        peripheralsSettled = true
      }
    }
    harness.advance(to: time)
    countKeypadFindings()
    show(&peripherals)
    peripherals.service(at: harness.now)
  }

  /// Sends the frames drawn since the last call to the display.
  mutating func show<P: SupervisedPeripherals>(_ peripherals: inout P) {
    harness.drainFrames { peripherals.show($0.frame, at: $0.time) }
  }

  private mutating func countKeypadFindings() {
    // The counts read in place: a copy of the phone would copy all of it.
    let stuckKeys = harness.phone.stuckKeys
    let lostReleases = harness.phone.lostReleases
    if stuckKeys != seenStuckKeys {
      statistics.stuckKeys &+= UInt64(max(0, stuckKeys - seenStuckKeys))
      seenStuckKeys = stuckKeys
    }
    if lostReleases != seenLostReleases {
      statistics.eventsDropped &+= UInt64(max(0, lostReleases - seenLostReleases))
      seenLostReleases = lostReleases
    }
  }

  /// Takes the contact-book writes the phone made since the last call.
  public mutating func takeBookWrites() -> [BookWrite] { harness.takeBookWrites() }

  // MARK: - Reports

  /// Asks for a flight report now (a user's or an operator's request).
  public mutating func requestReport(_ reason: String) {
    reports.append(makeReport(trigger: nil, summary: reason))
  }

  /// Takes the reports made since the last call.
  public mutating func takeReports() -> [FlightReport] {
    // Most calls find none: hand out no share of the reserved storage, or
    // emptying it would allocate a new one.
    guard !reports.isEmpty else { return [] }
    defer { reports.removeAll(keepingCapacity: true) }
    return reports
  }

  func makeReport(trigger: RepairKind?, summary: String) -> FlightReport {
    var harness = harness
    let rows = harness.rows
    return recorder.report(
      trigger: trigger, summary: summary, phone: harness.phone, rows: rows,
      log: logRing?.recent ?? [])
  }

  /// Powers the phone off and on (`phone`, booted now, replaces it): the
  /// recording starts again from the new boot.
  public mutating func restart(with phone: Phone, start: StartScreen = .idle) {
    harness.restart(with: phone)
    recorder = FlightRecorder(capacity: settings.recorderEdges, phone: phone, start: start)
    seenStuckKeys = 0
    seenLostReleases = 0
  }
}
