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
/// press and of a healthy look. Non-copyable, as its harness: the frame
/// and the rows are composed in place (`frame`, `rows`), never on a copy.
public struct Supervisor: ~Copyable {
  /// The firmware and its clock.
  public internal(set) var harness: PhoneHarness
  /// The watchdog's state and counts.
  public internal(set) var watchdog: Watchdog
  /// The recent inputs.
  public internal(set) var recorder: FlightRecorder
  /// This run's counters (repairs, stuck keys, key presses, unplugs; the
  /// run loop adds what only it sees).
  public var statistics = FieldStatistics()
  /// Where key edges' times become the firmware's.
  public private(set) var inputClock = InputClock()
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
  /// When the peripherals were last serviced.
  private var serviced: Instant?

  /// Supervises `harness`, whose phone booted on `start`; `logRing`, when
  /// given, is where the log's sink keeps recent records for reports.
  public init(
    _ harness: consuming PhoneHarness, start: StartScreen = .idle,
    settings: SupervisorSettings = SupervisorSettings(), log: Log, logRing: LogRing? = nil
  ) {
    watchdog = Watchdog(interval: settings.interval, start: harness.now)
    recorder = FlightRecorder(
      capacity: settings.recorderEdges, phone: harness.phone, start: start)
    self.harness = harness
    self.settings = settings
    self.log = log
    self.logRing = logRing
    reports.reserveCapacity(4)
    findings.reserveCapacity(8)
  }

  /// The phone, lent in place (it is non-copyable).
  public var phone: Phone {
    _read { yield harness.phone }
  }

  /// What the LCD shows now, composed in place.
  public var frame: LCDFrame {
    mutating get { harness.frame }
  }

  /// The LCD's rows now, as text, composed in place.
  public var rows: [String] {
    mutating get { harness.rows }
  }

  /// The firmware's time.
  public var now: Instant { harness.now }

  /// When the phone or the watchdog next needs to run without input.
  public var nextDeadline: Instant? {
    Self.ownDeadline(
      phone: harness.nextDeadline, watchdog: settings.watchdog ? watchdog.nextCheck : nil,
      keys: keyCheckDue)
  }

  /// The earliest of the phone's next deadline, the watchdog's look and
  /// the held keys' look, shared by the getter and the scheduling path
  /// (`nextDeadline(in:)`).
  private static func ownDeadline(phone: Instant?, watchdog: Instant?, keys: Instant?)
    -> Instant?
  {
    Instant.earliest(phone, Instant.earliest(watchdog, keys))
  }

  /// When held keys are next compared with the keypad (only while any is
  /// held).
  private var keyCheckDue: Instant? {
    guard settings.watchdog, harness.phone.keysDownCount > 0 else { return nil }
    return lastKeyCheck + settings.keyCheckInterval
  }

  // MARK: - Inputs

  /// A key edge from the keypad, stamped on its input's clock and read at
  /// `arrival` (firmware time): its time is placed on the firmware's clock
  /// once (`InputClock`), the deadlines due before it run, and it is
  /// recorded and handed to the phone with that time; the glass follows.
  public mutating func handle<P: SupervisedPeripherals>(
    _ event: KeyEvent, arrivedAt arrival: Instant, _ peripherals: inout P
  ) {
    let placed = inputClock.place(event.time, arrivedAt: arrival, firmwareNow: harness.now)
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
    feed(KeyEvent(event.action, event.key, at: placed.time), &peripherals)
  }

  /// Puts the input clock's `origin` (microseconds) at the firmware's
  /// `start` for the edges that follow: the kernel's clock of a keypad, a
  /// recording's clock.
  public mutating func rebaseInput(origin: Int64, start: Instant) {
    inputClock.rebase(origin: origin, start: start)
  }

  /// Records and hands over one key edge on the firmware's clock (the
  /// clock already stands at its time).
  mutating func feed<P: SupervisedPeripherals>(_ event: KeyEvent, _ peripherals: inout P) {
    switch event.action {
    case .press:
      // Held keys are compared with the keypad from their first press on.
      if harness.phone.keysDownCount == 0 { lastKeyCheck = event.time }
      let edge = RecordedEdge(.press, event.key, at: event.time)
      // A press at rest starts a stretch a report can replay from.
      if harness.phone.isAtRest {
        recorder.mark(harness.phone, at: edge.time)
      }
      recorder.record(edge)
      statistics.keyPresses &+= 1
    case .release:
      recorder.record(RecordedEdge(.release, event.key, at: event.time))
    case .autorepeat:
      break
    }
    harness.handle(event)
    countKeypadFindings()
    show(&peripherals)
  }

  /// Records what the network did, at `time` (by default now), for flight
  /// reports (`pdu`: the bytes of a PDU that arrived, or the event's).
  public mutating func recordNetwork(
    _ kind: RecordedNetworkEvent.Kind, pdu: [UInt8] = [], at time: Instant? = nil
  ) {
    recorder.recordNetwork(kind, pdu: pdu, at: time ?? harness.now)
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

  // MARK: - The clock

  /// Moves the clock to `time`: `Scheduler` fires the phone's timers, the
  /// peripherals' deadlines and the watchdog's looks due on the way, in
  /// time order (`fire(at:_:)`), then fires everything at `time`.
  public mutating func advance<P: SupervisedPeripherals>(to time: Instant, _ peripherals: inout P) {
    // The peripherals are reached in place, never read as a copy.
    Scheduler.advance(
      to: time, now: { harness.now }, nextDeadline: { nextDeadline(in: &peripherals) },
      fire: { fire(at: $0, &peripherals) })
  }

  /// `nextDeadline(with:)` read in place, for an outer part's scheduler
  /// (`PhoneRuntime`).
  public mutating func nextDeadline<P: SupervisedPeripherals>(in peripherals: inout P) -> Instant? {
    // The peripherals read in place: asked by value, they would be copied
    // (a display driver's buffers) at every step.
    let own = Self.ownDeadline(
      phone: harness.nextDeadline, watchdog: settings.watchdog ? watchdog.nextCheck : nil,
      keys: keyCheckDue)
    return Self.earliest(own, peripherals.nextDeadline, servicedAt: serviced)
  }

  /// When the phone, the watchdog or the peripherals next need the clock.
  /// A peripheral still due at the instant it was last serviced waits for
  /// the next firing that comes anyway (an input, a timer, the end of an
  /// advance) rather than being fired again and again.
  public func nextDeadline<P: SupervisedPeripherals>(with peripherals: P) -> Instant? {
    Self.earliest(nextDeadline, peripherals.nextDeadline, servicedAt: serviced)
  }

  /// `own`, or `service` when it is earlier and not an instant the
  /// peripherals were already serviced at.
  private static func earliest(_ own: Instant?, _ service: Instant?, servicedAt serviced: Instant?)
    -> Instant?
  {
    guard let service, serviced.map({ service > $0 }) ?? true else { return own }
    return Instant.earliest(own, service)
  }

  /// Brings everything to `at`: a look at the keys held (their lost
  /// releases made just before `at`), the phone's timers, the frames to the
  /// display, the peripherals' service and the watchdog's look, each when
  /// due.
  public mutating func fire<P: SupervisedPeripherals>(at: Instant, _ peripherals: inout P) {
    if let keys = keyCheckDue, keys <= at {
      // A release lost since the last look is made just before this look's
      // time: after the phone's timers due before it, before any due at it
      // (a long press falls on a look), so a tap stays a tap.
      lastKeyCheck = at
      harness.fire(at: Instant(microseconds: at.microseconds - 1))
      findings.removeAll(keepingCapacity: true)
      checkKeys(&peripherals)
      reportFindings()
    }
    harness.fire(at: at)
    countKeypadFindings()
    show(&peripherals)
    peripherals.service(at: harness.now)
    serviced = harness.now
    if settings.watchdog, watchdog.nextCheck <= harness.now { check(&peripherals) }
  }

  /// Sends the frames drawn since the last call to the display.
  mutating func show<P: SupervisedPeripherals>(_ peripherals: inout P) {
    harness.drainFrames { peripherals.show($0.frame, at: $0.time) }
  }

  private mutating func countKeypadFindings() {
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

  /// Lends the phone for a change from outside the keypad (a message from
  /// the modem, what became of a part sent), at the supervisor's time; the
  /// frames it draws go to the peripherals.
  public mutating func withPhone<P: SupervisedPeripherals, Result>(
    _ peripherals: inout P, _ body: (inout Phone) -> Result
  ) -> Result {
    let result = harness.withPhone(body)
    show(&peripherals)
    return result
  }

  /// Takes the oldest request the phone made for the modem.
  public mutating func takeModemRequest() -> ModemRequest? {
    harness.withPhone { $0.takeModemRequest() }
  }

  /// Tells the phone it has a modem.
  public mutating func attachModem() {
    harness.withPhone { $0.attachModem() }
  }

  /// Hands each message-store record the phone changed to `write`.
  public mutating func takeMessageWrites(_ write: (Int, ArraySlice<UInt8>) -> Void) {
    harness.withPhone { $0.takeMessageWrites(write) }
  }

  /// Takes the call-log record the phone wrote last, if one waits.
  public mutating func takeCallLogWrite() -> (offset: Int, bytes: [UInt8])? {
    guard harness.phone.hasCallLogWrite else { return nil }
    return harness.withPhone { $0.takeCallLogWrite() }
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

  mutating func makeReport(trigger: RepairKind?, summary: String) -> FlightReport {
    let rows = harness.rows
    return recorder.report(
      trigger: trigger, summary: summary, phone: harness.phone, rows: rows,
      log: logRing?.recent ?? [])
  }

  /// Powers the phone off and on (`phone`, booted now, replaces it): the
  /// recording starts again from the new boot.
  public mutating func restart(with phone: consuming Phone, start: StartScreen = .idle) {
    recorder = FlightRecorder(capacity: settings.recorderEdges, phone: phone, start: start)
    harness.restart(with: phone)
    seenStuckKeys = 0
    seenLostReleases = 0
  }
}
